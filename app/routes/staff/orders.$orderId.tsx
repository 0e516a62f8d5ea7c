import { randomUUID } from 'node:crypto'
import { data, Form, Link } from 'react-router'
import { RefundPanel } from '../../components/staff/refund-panel'
import { goodsMayLeave, hasTaxInvoice } from '../../lib/orders/payment-status'
import { ReturnsPanel } from '../../components/staff/returns-panel'
import { dollarsToCents } from '../../lib/schemas/product'
import { paymentState, refundRequestFromForm } from '../../lib/orders/refunds'
import { paymentProvider } from '../../server/checkout/payments/index.server'
import { REFUND_UNSURE } from '../../server/checkout/payments/provider'
import { cancelOrder, refundOrder, refundsOf, type RefundResult } from '../../server/orders/refunds.server'
import { moveReturn, refundReturn, returnsOf } from '../../server/orders/returns.server'
import { OrderStatus, orderDateFormat } from '../../components/shop/order-status'
import { FulfilmentPanel } from '../../components/staff/fulfilment-panel'
import type { FulfilmentAction } from '../../lib/orders/fulfilment'
import { requireStaff } from '../../server/auth/session.server'
import { readForm } from '../../server/http/form.server'
import { advanceFulfilment } from '../../server/orders/fulfilment.server'
import { invoiceOrderOf, taxInvoice } from '../../server/checkout/invoice'
import { shopIdentity } from '../../server/env.server'
import { orderMailContext, sendOrderLink, taxInvoiceMail } from '../../server/orders/order-mail.server'
import { renewStatusToken } from '../../server/orders/order-links.server'
import { recordHistory } from '../../server/history/record.server'
import { formatAud, gstIncluded } from '../../lib/money'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { addressLines } from '../../lib/delivery/address'
import { getOrder, orderDocument, orderStateHistory } from '../../server/checkout/orders.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/orders.$orderId'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { DataTable } from '../../components/ui/table'
import { AbandonedReasonBadge } from '../../components/staff/abandoned-table'
import { TransferPanel } from '../../components/staff/transfer-panel'
import { cancelUnpaidTransfer, recordPayment, transfersOf } from '../../server/orders/bank-transfer.server'
import { owingCents } from '../../lib/orders/bank-transfer'
import { shopDay } from '../../lib/reports/periods'
import { isDay } from '../../lib/orders/order-query'
import { isStorableText } from '../../lib/schemas/text'
import { ABANDONED_REASON_HELP, countsAsOrder } from '../../lib/orders/abandoned'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(
    `${loaderData?.abandoned ? 'Abandoned checkout' : 'Order'} ${loaderData?.order.id ?? ''}`,
    'An order with its lines and payment.',
    shopNameFrom(matches),
  ),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const order = await getOrder(db, params.orderId)
  if (!order) throw data(null, { status: 404 })
  return {
    order,
    // A payment that ended without money: staff still see it, as an abandoned checkout.
    abandoned: countsAsOrder(order) ? null : (order.abandonedReason ?? 'expired'),
    states: await orderStateHistory(db, order.id),
    refunds: await refundsOf(db, order.id),
    returns: await returnsOf(db, order.id),
    // One key per form shown: submitting the same form twice is one refund (docs/domain.md, Refunds).
    refundKey: randomUUID(),
    cancelKey: randomUUID(),
    transfers: order.provider === 'bank-transfer' || order.provider === 'account' ? await transfersOf(db, order.id) : [],
    paymentKey: randomUUID(),
    today: shopDay(new Date()),
  }
}

/**
 * Records a payment that arrived for a bank-transfer order or an invoice on account, or cancels a
 * bank-transfer order nothing arrived for (docs/domain.md, Bank transfer and Trade accounts).
 */
async function transferAction(context: Route.ActionArgs['context'], orderId: string, intent: string, form: FormData, by: string) {
  const deps = shop(context)
  if (intent === 'cancel-unpaid') {
    const result = await cancelUnpaidTransfer(deps, orderId, 'staff', by)
    if (!result.ok) return data({ message: result.message, sent: null }, { status: 409 })
    return { message: null, sent: `Order ${orderId} is cancelled; its stock is back on sale and the customer was e-mailed.` }
  }
  const requestKey = String(form.get('requestKey') ?? '')
  const amountCents = dollarsToCents(String(form.get('amount') ?? ''))
  const receivedOn = String(form.get('receivedOn') ?? '')
  const reference = String(form.get('reference') ?? '').trim()
  if (!REQUEST_KEY.test(requestKey)) return data({ message: 'The form could not be read. Please reload the page and try again.', sent: null }, { status: 400 })
  if (amountCents === null || amountCents <= 0) return data({ message: 'Enter the amount received, such as 1299.00.', sent: null }, { status: 400 })
  const today = shopDay(new Date())
  if (!isDay(receivedOn) || receivedOn > today) {
    return data({ message: 'Enter the day the money arrived: a real date, not after today.', sent: null }, { status: 400 })
  }
  if (reference.length > 100 || !isStorableText(reference))
    return data({ message: 'The bank reference is at most 100 characters.', sent: null }, { status: 400 })
  const result = await recordPayment(deps, { orderId, amountCents, receivedOn, reference, requestKey, by })
  if (!result.ok) return data({ message: result.message, sent: null }, { status: 409 })
  const { order } = result
  if (result.repeated) return { message: null, sent: 'That payment was recorded already; nothing was recorded twice.' }
  return {
    message: null,
    sent: result.paidInFull
      ? order.provider === 'account'
        ? `${formatAud(amountCents)} recorded. Invoice ${order.id} is paid in full${order.email ? `; ${order.email} was thanked` : ''}.`
        : `${formatAud(amountCents)} recorded. Order ${order.id} is paid in full and ready to pack${order.email ? `; ${order.email} was sent the confirmation` : ''}.`
      : `${formatAud(amountCents)} recorded; ${formatAud(owingCents(order))} is still owing${order.email ? ` (${order.email} was told)` : ''}.`,
  }
}

const REQUEST_KEY = /^[A-Za-z0-9-]{8,120}$/

/** Who takes the money, as staff name it. */
const PROVIDER_NAMES: Record<string, string> = { 'bank-transfer': 'Bank transfer', account: 'On account (trade)' }

/** What staff are told after a refund: how much went back, and that the customer has the note. */
function refundOutcome(result: RefundResult, email: string | null) {
  if (!result.ok) return data({ message: result.message, sent: null }, { status: 409 })
  const { refund } = result
  if (refund.status === 'pending')
    return { message: null, sent: `${refund.id} (${formatAud(refund.amountCents)}) is waiting for the payment provider: ${REFUND_UNSURE}` }
  const what = `Refunded ${formatAud(refund.amountCents)} (GST ${formatAud(refund.gstCents)}) as ${refund.id}.`
  return {
    message: null,
    sent: result.repeated
      ? `${what} (That refund was made already; nothing was refunded twice.)`
      : `${what}${email ? ` The adjustment note was e-mailed to ${email}.` : ''}`,
  }
}

const ACTIONS = new Set<string>(['pack', 'ship', 'deliver', 'ready', 'collect'])

/** Moves the order on one step (Mark packed, shipped, …); a refusal says why, with status 409. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  if (intent === 'record-payment' || intent === 'cancel-unpaid') return transferAction(context, params.orderId, intent, form, staff.email)
  if (intent === 'resend-invoice') {
    const { db, mailer, config } = shop(context)
    const order = await getOrder(db, params.orderId)
    if (!order) throw data(null, { status: 404 })
    const invoiced = invoiceOrderOf(order)
    if (!invoiced || !order.email) return data({ message: 'Only a paid or invoiced order with an e-mail address has a tax invoice to send.' }, { status: 409 })
    const invoice = taxInvoice(shopIdentity(config), { ...invoiced, email: order.email })
    await db.transaction(async (tx) =>
      mailer.send(await taxInvoiceMail(await orderMailContext(tx, config, order.id), { ...order, email: order.email! }, invoice), tx),
    )
    return { message: null, sent: `The tax invoice was sent again to ${order.email}.` }
  }
  if (intent === 'resend-link' || intent === 'revoke-link') {
    const { db, mailer, config } = shop(context)
    const order = await getOrder(db, params.orderId)
    if (!order) throw data(null, { status: 404 })
    if (!order.email) return data({ message: 'This order has no e-mail address to send its link to.', sent: null }, { status: 409 })
    if (intent === 'revoke-link') {
      // The old link stops working in the same transaction that records who revoked it.
      await db.transaction(async (tx) => {
        await renewStatusToken(tx, order.id)
        await recordHistory(tx, {
          collection: 'orders',
          documentId: order.id,
          action: 'update',
          document: { ...orderDocument(order), statusLink: 'revoked and replaced' },
          updatedBy: staff.email,
        })
      })
    }
    await sendOrderLink({ db, mailer, config }, order.id)
    return {
      message: null,
      sent:
        intent === 'revoke-link'
          ? `The old link to this order no longer works; a new one was e-mailed to ${order.email}.`
          : `The link to this order was e-mailed again to ${order.email}.`,
    }
  }
  if (intent === 'refund' || intent === 'cancel' || intent.startsWith('return-')) {
    const { db, mailer, config } = shop(context)
    const deps = { db, mailer, config, provider: paymentProvider(config) }
    const order = await getOrder(db, params.orderId)
    if (!order) throw data(null, { status: 404 })
    const requestKey = String(form.get('requestKey') ?? '')
    const reason = String(form.get('reason') ?? '').slice(0, 500)
    if (intent === 'refund' || intent === 'cancel' || intent === 'return-refund') {
      if (!REQUEST_KEY.test(requestKey))
        return data({ message: 'The form could not be read. Please reload the page and try again.', sent: null }, { status: 400 })
    }
    if (intent === 'refund') {
      const request = refundRequestFromForm(form, dollarsToCents)
      if ('refused' in request) return data({ message: request.refused, sent: null }, { status: 400 })
      const result = await refundOrder(deps, {
        orderId: order.id,
        requestKey,
        request,
        restock: form.get('restock') === 'on',
        reason,
        source: 'staff',
        by: staff.email,
      })
      return refundOutcome(result, order.email)
    }
    if (intent === 'cancel') return refundOutcome(await cancelOrder(deps, { orderId: order.id, requestKey, reason, by: staff.email }), order.email)
    const returnId = String(form.get('returnId') ?? '')
    if (!returnId.startsWith(`${order.id}-RT`))
      return data({ message: 'The form could not be read. Please reload the page and try again.', sent: null }, { status: 400 })
    if (intent === 'return-refund')
      return refundOutcome(await refundReturn(deps, { returnId, requestKey, restock: form.get('restock') === 'on', by: staff.email }), order.email)
    const to = ({ 'return-approve': 'approved', 'return-decline': 'declined', 'return-receive': 'received' } as const)[intent as 'return-approve']
    if (!to) return data({ message: 'The form could not be read. Please reload the page and try again.', sent: null }, { status: 400 })
    const moved = await moveReturn(deps, { returnId, to, note: String(form.get('note') ?? ''), by: staff.email })
    if (!moved.ok) return data({ message: moved.message, sent: null }, { status: 409 })
    return { message: null, sent: `Return ${returnId} is ${to}${order.email ? `; ${order.email} was e-mailed` : ''}.` }
  }
  if (!ACTIONS.has(intent)) return data({ message: 'The form could not be read. Please reload the page and try again.' }, { status: 400 })
  const { db, mailer, config } = shop(context)
  const result = await advanceFulfilment(
    { db, mailer, config },
    {
      orderId: params.orderId,
      action: intent as FulfilmentAction,
      carrier: String(form.get('carrier') ?? ''),
      trackingNumber: String(form.get('trackingNumber') ?? ''),
      by: staff.email,
    },
  )
  if (!result.ok) return data({ message: result.message }, { status: 409 })
  return { message: null, sent: null }
}

export default function StaffOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, abandoned, states, refunds, returns, refundKey, cancelKey, transfers, paymentKey, today } = loaderData
  const payment = paymentState(order)
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to={abandoned ? '/orders?view=abandoned' : '/orders'} className="text-sm text-brand-700 hover:underline">
        {abandoned ? '← Abandoned checkouts' : '← All orders'}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{abandoned ? `Abandoned checkout ${order.id}` : `Order ${order.id}`}</h1>
        <span data-testid="payment-state">
          <OrderStatus status={payment} />
        </span>
        {goodsMayLeave(order) ? <OrderStatus status={order.fulfilment} /> : null}
        {abandoned ? <AbandonedReasonBadge reason={abandoned} /> : null}
      </div>
      {abandoned ? (
        <p className="mt-2 max-w-prose text-sm text-slate-600">
          {ABANDONED_REASON_HELP[abandoned]} Nothing was charged: it is not an order, its customer does not see it, and no report counts it.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        {hasTaxInvoice(order) ? (
          <Link to={`/orders/${order.id}/invoice`} className="font-semibold text-brand-700 hover:underline">
            Tax invoice (printable)
          </Link>
        ) : null}
        {abandoned ? null : (
          <Link to={`/orders/${order.id}/packing-slip`} className="font-semibold text-brand-700 hover:underline">
            Packing slip
          </Link>
        )}
        {hasTaxInvoice(order) && order.email ? (
          <Form method="post" className="flex flex-wrap gap-x-5 gap-y-2">
            <Button type="submit" name="intent" value="resend-invoice" variant="link">
              Send the invoice again
            </Button>
            {/* The customer's order page: its link is in every e-mail about the order, and never shown here. */}
            <Button type="submit" name="intent" value="resend-link" variant="link">
              E-mail the order page link
            </Button>
            <Button type="submit" name="intent" value="revoke-link" variant="link">
              Revoke the link and send a new one
            </Button>
          </Form>
        ) : null}
      </div>
      {actionData?.message ? (
        <Alert tone="error" className="mt-3">
          {actionData.message}
        </Alert>
      ) : null}
      {actionData && 'sent' in actionData && actionData.sent ? (
        <Alert tone="success" className="mt-3">
          {actionData.sent}
        </Alert>
      ) : null}
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">Customer</dt>
        <dd>{order.customerName || '—'}</dd>
        <dt className="text-slate-500">Customer e-mail</dt>
        <dd className="break-all">{order.email ?? '—'}</dd>
        <dt className="text-slate-500">Phone</dt>
        <dd>
          {order.phone ? (
            <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 hover:underline">
              {order.phone}
            </a>
          ) : (
            '—'
          )}
        </dd>
        {order.company || order.abn ? (
          <>
            <dt className="text-slate-500">Business</dt>
            <dd>
              {order.company}
              {order.abn ? ` (ABN ${order.abn})` : ''}
            </dd>
          </>
        ) : null}
        {order.purchaseOrder ? (
          <>
            <dt className="text-slate-500">Purchase order</dt>
            <dd data-testid="purchase-order">{order.purchaseOrder}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Delivery method</dt>
        <dd>{order.shippingMethodName || '—'}</dd>
        <dt className="text-slate-500">{order.collect ? 'Pick up at' : 'Deliver to'}</dt>
        <dd data-testid="deliver-to">
          {order.collect
            ? order.pickupAddress
            : (addressLines(order) ?? ['—']).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
        </dd>
        <dt className="text-slate-500">Stock</dt>
        <dd className="capitalize">{order.stockState === 'none' ? '—' : order.stockState}</dd>
        <dt className="text-slate-500">Placed</dt>
        <dd>{orderDateFormat.format(new Date(order.createdAt))}</dd>
        {order.invoicedAt ? (
          <>
            <dt className="text-slate-500">Invoiced on account</dt>
            <dd>{orderDateFormat.format(new Date(order.invoicedAt))}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Paid</dt>
        <dd>{order.paidAt ? orderDateFormat.format(new Date(order.paidAt)) : '—'}</dd>
        <dt className="text-slate-500">Payment provider</dt>
        <dd className={order.provider in PROVIDER_NAMES ? '' : 'capitalize'}>{PROVIDER_NAMES[order.provider] ?? order.provider}</dd>
        <dt className="text-slate-500">Payment reference</dt>
        <dd className="font-mono text-xs">{order.paymentReference ?? '—'}</dd>
        <dt className="text-slate-500">Payment session</dt>
        <dd className="font-mono text-xs">{order.providerSessionId ?? '—'}</dd>
      </dl>

      {order.provider === 'bank-transfer' || order.provider === 'account' ? (
        <TransferPanel order={order} transfers={transfers} paymentKey={paymentKey} today={today} />
      ) : null}
      <FulfilmentPanel order={order} />
      <ReturnsPanel returns={returns} refunds={refunds} refundKey={refundKey} />
      <RefundPanel order={order} refunds={refunds} refundKey={refundKey} cancelKey={cancelKey} />

      <h2 className="mt-10 text-xl font-semibold">Lines</h2>
      {/* On a phone the unit price and GST fold under the product, so the table never scrolls sideways. */}
      <DataTable
        className="mt-3"
        phone="fit"
        rows={[
          ...order.lines.map((line) => ({ kind: 'line' as const, line })),
          ...(order.shippingMethodName ? [{ kind: 'shipping' as const, name: order.shippingMethodName }] : []),
        ]}
        rowKey={(row) => (row.kind === 'line' ? String(row.line.position) : 'shipping')}
        columns={[
          {
            header: 'Product',
            cell: (row) =>
              row.kind === 'line' ? (
                <>
                  {row.line.productName}
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {formatAud(row.line.unitPriceCents)} each
                    {row.line.discountCents > 0 ? `, less ${formatAud(row.line.discountCents)} discount` : ''}, GST {formatAud(row.line.gstCents)}
                  </span>
                </>
              ) : (
                <>
                  Shipping: {row.name}
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {order.shippingDiscountCents > 0
                      ? `${formatAud(order.shippingCents + order.shippingDiscountCents)}, less ${formatAud(order.shippingDiscountCents)} discount, `
                      : ''}
                    GST {formatAud(gstIncluded(order.shippingCents))}
                  </span>
                </>
              ),
          },
          {
            header: 'Qty',
            align: 'right',
            cell: (row) =>
              row.kind === 'line' ? (
                <>
                  {row.line.quantity}
                  {row.line.refundedQuantity > 0 ? <span className="block text-xs text-slate-500">{row.line.refundedQuantity} refunded</span> : null}
                </>
              ) : null,
          },
          { header: 'Unit price', align: 'right', hideOnPhone: true, cell: (row) => (row.kind === 'line' ? formatAud(row.line.unitPriceCents) : null) },
          // Each line's part of the order's discounts (docs/domain.md, Promotions), shown when there are any.
          ...(order.discountCents > 0
            ? [
                {
                  header: 'Discount',
                  align: 'right' as const,
                  hideOnPhone: true,
                  cell: (row: { kind: 'line'; line: (typeof order.lines)[number] } | { kind: 'shipping'; name: string }) => {
                    const cents = row.kind === 'line' ? row.line.discountCents : order.shippingDiscountCents
                    return cents > 0 ? <span data-testid="line-discount">−{formatAud(cents)}</span> : null
                  },
                },
              ]
            : []),
          {
            header: 'GST',
            align: 'right',
            hideOnPhone: true,
            cell: (row) => formatAud(row.kind === 'line' ? row.line.gstCents : gstIncluded(order.shippingCents)),
          },
          {
            header: 'Amount',
            align: 'right',
            cell: (row) => (row.kind === 'line' ? formatAud(row.line.lineTotalCents) : <span data-testid="shipping">{formatAud(order.shippingCents)}</span>),
          },
        ]}
        totals={[
          // Already taken off the amounts above; each named, with what it took off the order in all.
          ...order.discounts.map((discount) => ({ label: `${discount.label} (taken off the amounts above)`, value: `−${formatAud(discount.amountCents)}` })),
          { label: 'GST included', value: formatAud(order.gstCents) },
          { label: 'Total', value: formatAud(order.totalCents), strong: true },
        ]}
      />

      <h2 className="mt-10 text-xl font-semibold">State history</h2>
      <ol className="mt-3 space-y-2 text-sm">
        {states.map((state, index) => (
          <li key={index} className="flex flex-wrap items-center gap-3">
            {state.note === undefined ? <OrderStatus status={state.status} /> : <Badge tone="brand">Note</Badge>}
            <span>{orderDateFormat.format(new Date(state.at))}</span>
            <span className="text-slate-500">by {state.by}</span>
            {state.note === undefined ? null : (
              <p className="basis-full [overflow-wrap:anywhere]" data-testid="history-note">
                {state.note}
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}
