import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { DeliverySummary } from '../components/shop/delivery-summary'
import { OrderLineList } from '../components/shop/order-lines'
import { OrderSummaryLines } from '../components/shop/order-summary'
import { summariseStoredOrder } from '../lib/order-summary'
import { RESERVATION_GRACE_MINUTES } from '../server/checkout/checkout.server'
import { formatAud } from '../lib/money'
import { demoPaymentSchema } from '../lib/schemas/demo-payment'
import { fieldErrors } from '../lib/schemas/errors'
import { getSessionUser } from '../server/auth/session.server'
import { applyPaymentEvent } from '../server/checkout/payment-events.server'
import { paymentCancelPath } from '../server/checkout/drafts.server'
import { getOrderBySession, orderSummary } from '../server/checkout/orders.server'
import { demoCardResult, demoPaymentEvent } from '../server/checkout/payments/demo.server'
import { shop } from '../server/context.server'
import type { Route } from './+types/pay.demo.$sessionId'
import { readForm } from '../server/http/form.server'
import { privatePageHeaders } from '../server/http/private-page.server'
import { TextField } from '../components/ui/text-field'
import { Button } from '../components/ui/button'

export const meta: Route.MetaFunction = () => [
  { title: 'Demo payment | UniDrone Robotics' },
  { name: 'description', content: 'Demo payment page: no card is charged.' },
  { name: 'robots', content: 'noindex' },
]

async function pendingOrder({ params, context }: { params: { sessionId: string }; context: Route.LoaderArgs['context'] }) {
  const { db, config } = shop(context)
  if (config.PAYMENT_PROVIDER !== 'demo') throw data(null, { status: 404 })
  const order = await getOrderBySession(db, params.sessionId)
  if (!order || order.provider !== 'demo') throw data(null, { status: 404 })
  if (order.status === 'paid') throw redirect(`/success?session_id=${encodeURIComponent(params.sessionId)}`)
  if (order.status === 'failed') throw redirect('/checkout/delivery?payment=declined')
  // Like a hosted payment page, the demo page closes after PAYMENT_MINUTES; its stock goes back.
  const closesAt = order.reservedUntil ? order.reservedUntil.getTime() - RESERVATION_GRACE_MINUTES * 60_000 : Infinity
  if (order.status === 'pending' && Date.now() > closesAt) {
    await applyPaymentEvent(shop(context), {
      eventId: `lapsed:${order.id}`,
      type: 'shop.lapsed',
      orderId: order.id,
      sessionId: null,
      outcome: 'expired',
      paymentReference: null,
      email: null,
    })
    throw redirect('/checkout/delivery?payment=expired')
  }
  if (order.status === 'expired') throw redirect('/checkout/delivery?payment=expired')
  return order
}

export async function loader(args: Route.LoaderArgs) {
  const order = await pendingOrder(args)
  const user = await getSessionUser(args.context, args.request)
  return {
    order: orderSummary(order),
    email: order.email ?? user?.email ?? '',
    // As a hosted page's cancel address: back to the delivery step, closing this page.
    cancelPath: order.checkoutId ? paymentCancelPath(order.checkoutId) : '/checkout',
  }
}

export async function action(args: Route.ActionArgs) {
  const order = await pendingOrder(args)
  const form = Object.fromEntries(await readForm(args.request))
  const parsed = demoPaymentSchema.safeParse(form)
  const values = { email: String(form.email ?? ''), name: String(form.name ?? ''), expiry: String(form.expiry ?? '') }
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 })
  const card = demoCardResult(parsed.data.cardNumber)
  if (card === 'unknown') {
    return data(
      { errors: { cardNumber: 'This is a demo: use 4242 4242 4242 4242 (payment succeeds) or 4000 0000 0000 0002 (declined).' }, values },
      { status: 400 },
    )
  }
  const { db, mailer, config } = shop(args.context)
  const sessionId = args.params.sessionId
  await applyPaymentEvent({ db, mailer, config }, demoPaymentEvent({ orderId: order.id, sessionId, card, email: parsed.data.email }))
  throw redirect(card === 'paid' ? `/success?session_id=${encodeURIComponent(sessionId)}` : '/checkout/delivery?payment=declined')
}

export const headers = privatePageHeaders

export default function DemoPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData
  const navigation = useNavigation()
  const paying = navigation.state !== 'idle'
  const errors: Record<string, string> = actionData?.errors ?? {}
  const values = actionData?.values
  const field = (name: string, label: string, props: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'size'>) => (
    <TextField name={name} label={label} error={errors[name]} {...props} />
  )

  return (
    <div className="bg-slate-100 py-10">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong>Demo payment page.</strong> This shop runs in demo mode: no card is charged and no money moves. Use card <strong>4242 4242 4242 4242</strong>{' '}
          for a successful payment or <strong>4000 0000 0000 0002</strong> for a declined one, any future expiry and any CVC.
        </p>
        <div className="mt-6 grid gap-8 rounded-2xl bg-white p-6 shadow-sm md:grid-cols-2 md:p-10">
          <section aria-labelledby="pay-summary">
            <h1 id="pay-summary" className="text-sm font-medium text-slate-500">
              Pay UniDrone Robotics (demo)
            </h1>
            <p className="mt-1 text-3xl font-bold">{formatAud(order.totalCents)}</p>
            <p className="text-sm text-slate-500">Order {order.id}, GST included</p>
            <OrderLineList lines={order.lines} className="mt-6" />
            <OrderSummaryLines figures={summariseStoredOrder(order)} className="mt-2 border-t border-slate-100 pt-2" />
            <DeliverySummary delivery={order.delivery} className="mt-6" />
          </section>
          <Form method="post" noValidate className="space-y-4">
            {field('email', 'Email', { type: 'email', autoComplete: 'email', defaultValue: values?.email ?? loaderData.email })}
            {field('cardNumber', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' })}
            <div className="grid grid-cols-2 gap-4">
              {field('expiry', 'Expiry (MM / YY)', { autoComplete: 'cc-exp', placeholder: 'MM / YY', defaultValue: values?.expiry })}
              {field('cvc', 'CVC', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' })}
            </div>
            {field('name', 'Name on card', { autoComplete: 'cc-name', defaultValue: values?.name })}
            <Button type="submit" disabled={paying} size="lg" className="w-full">
              {paying ? 'Processing…' : `Pay ${formatAud(order.totalCents)}`}
            </Button>
            <Link to={loaderData.cancelPath} className="block text-center text-sm text-slate-600 underline">
              Cancel and return to the shop
            </Link>
          </Form>
        </div>
      </div>
    </div>
  )
}
