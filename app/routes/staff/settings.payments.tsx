import { data, Form, Link, useNavigation } from 'react-router'
import { historyDateFormat } from '../../components/staff/history-changes'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { PageHeader } from '../../components/ui/page-header'
import { TextField } from '../../components/ui/text-field'
import { formatAud } from '../../lib/money'
import { PAY_LATER_FIELDS, PAY_LATER_MESSAGE } from '../../lib/pay-later'
import { parsePayLaterForm } from '../../lib/schemas/pay-later'
import { centsToDollars } from '../../lib/schemas/product'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { lastPayLaterChange, readPayLaterSetting, savePayLaterSetting } from '../../server/checkout/pay-later.server'
import { shop } from '../../server/context.server'
import { holdDays, setHoldDays } from '../../server/orders/bank-transfer.server'
import { MAX_HOLD_DAYS, MIN_HOLD_DAYS } from '../../lib/orders/bank-transfer'
import { readForm } from '../../server/http/form.server'
import type { Route } from './+types/settings.payments'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Payments', 'How shoppers pay, and the pay later message on product pages and the cart.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const [setting, changed, days] = await Promise.all([readPayLaterSetting(db), lastPayLaterChange(db), holdDays(db)])
  return {
    provider: config.PAYMENT_PROVIDER,
    setting,
    changed: changed && { at: changed.at.toISOString(), by: changed.by },
    bankAccount: config.bankAccount,
    holdDays: days,
  }
}

/** What a refused save sends back: the message and the values as typed, so nothing is lost. */
interface Refused {
  saved: false
  message: string
  errors: { maxAmount?: string }
  values: { enabled: boolean; maxAmount: string }
}

/** Staff's "pay later" message (docs/domain.md, Payment methods; docs/decisions/044-pay-later-message.md). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const { db } = shop(context)
  const form = await readForm(request)
  const typed = { enabled: form.get(PAY_LATER_FIELDS.enabled) === 'on', maxAmount: String(form.get(PAY_LATER_FIELDS.maxAmount) ?? '').slice(0, 100) }
  if (form.get('intent') === 'bank-transfer') {
    const days = Number(String(form.get('holdDays') ?? ''))
    if (!Number.isInteger(days) || days < MIN_HOLD_DAYS || days > MAX_HOLD_DAYS) {
      return data({ saved: false as const, message: `Nothing was saved: hold the stock for ${MIN_HOLD_DAYS} to ${MAX_HOLD_DAYS} whole days.` }, { status: 400 })
    }
    await db.transaction((tx) => setHoldDays(tx, days, staff.email))
    return { saved: true as const, message: `Saved: bank-transfer orders hold their stock for ${days} days.` }
  }
  // Only the settings forms save: a post without their intent (a stray or forged request) changes nothing.
  if (form.get('intent') !== 'pay-later') {
    return data<Refused>(
      { saved: false, message: 'The form could not be read. Please reload the page and try again.', errors: {}, values: typed },
      { status: 400 },
    )
  }
  const parsed = parsePayLaterForm(form)
  if (!parsed.ok)
    return data<Refused>({ saved: false, message: 'Nothing was saved: please check the amount.', errors: parsed.errors, values: typed }, { status: 400 })
  await savePayLaterSetting(db, parsed.setting, staff.email)
  const { enabled, maxCents } = parsed.setting
  return {
    saved: true as const,
    message: enabled ? `Saved: the pay later message is on, for prices and carts up to ${formatAud(maxCents)}.` : 'Saved: the pay later message is off.',
  }
}

export default function PaymentSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { provider, setting, changed, bankAccount } = loaderData
  const saving = useNavigation().state === 'submitting'
  // (A refused bank-transfer save has no pay later values: that form keeps what is stored.)
  const refused = actionData && !actionData.saved && 'values' in actionData ? (actionData as Refused) : null
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeader
        title="Payments"
        lead={
          provider === 'stripe'
            ? 'Shoppers pay on Stripe’s own page, which offers the payment methods turned on in your Stripe dashboard (cards, Apple Pay and Google Pay, Afterpay, Zip, PayTo…): the shop does not choose them. It only leaves Afterpay and Zip out of an order with something on backorder or with an ABN, which they do not serve.'
            : 'This shop takes payments with the demo provider: a payment page of its own, with no money taken. With Stripe, shoppers get the payment methods turned on in your Stripe dashboard.'
        }
      />
      {actionData ? (
        <Alert tone={actionData.saved ? 'success' : 'error'} className="mt-6">
          {actionData.message}
        </Alert>
      ) : null}
      <Form
        method="post"
        noValidate
        // A save remounts the form, so it shows the stored values; a refused one keeps what was typed.
        key={`${setting.enabled}-${setting.maxCents}`}
        className="mt-8 space-y-5 rounded-xl border border-slate-200 p-5"
        aria-labelledby="pay-later-heading"
      >
        <input type="hidden" name="intent" value="pay-later" />
        <div>
          <h2 id="pay-later-heading" className="text-lg font-semibold">
            Pay later message
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            “{PAY_LATER_MESSAGE}”, under the price on product pages and in the cart’s summary. Turn it on only when Afterpay or Zip is turned on in your Stripe
            dashboard.
          </p>
          {provider !== 'stripe' ? (
            <Alert tone="info" className="mt-3">
              The message is shown only when the shop takes payments with Stripe. You can set it now; shoppers see it once the shop uses Stripe.
            </Alert>
          ) : null}
        </div>
        <CheckboxField
          name={PAY_LATER_FIELDS.enabled}
          label="Show the pay later message"
          hint="Only for products that can be sent now, and carts with nothing on backorder: Afterpay does not serve pre-orders."
          defaultChecked={refused?.values.enabled ?? setting.enabled}
        />
        <TextField
          name={PAY_LATER_FIELDS.maxAmount}
          label="Up to this price or cart total, in dollars"
          note="(GST included)"
          hint="Afterpay and Zip serve purchases of up to about $2,000 in Australia. From $1 to $10,000."
          inputMode="decimal"
          autoComplete="off"
          controlWidth="w-40"
          defaultValue={refused?.values.maxAmount ?? centsToDollars(setting.maxCents)}
          error={refused?.errors.maxAmount}
        />
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </Form>
      <Form
        method="post"
        noValidate
        key={`hold-${loaderData.holdDays}`}
        className="mt-8 space-y-5 rounded-xl border border-slate-200 p-5"
        aria-labelledby="bank-transfer-heading"
      >
        <input type="hidden" name="intent" value="bank-transfer" />
        <div>
          <h2 id="bank-transfer-heading" className="text-lg font-semibold">
            Bank transfer
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {bankAccount
              ? `Offered at checkout and on quotes: BSB ${bankAccount.bsb}, account ${bankAccount.accountNumber}, ${bankAccount.accountName}. The account is set by the BANK_ settings of the shop's configuration.`
              : 'Not offered: set BANK_BSB, BANK_ACCOUNT_NUMBER and BANK_ACCOUNT_NAME in the shop’s configuration to offer it.'}
          </p>
        </div>
        <TextField
          name="holdDays"
          label="Hold the stock of an unpaid order for"
          note="(days)"
          hint={`A reminder goes after 3 days; an order nothing arrived for cancels itself at the end. From ${MIN_HOLD_DAYS} to ${MAX_HOLD_DAYS}.`}
          inputMode="numeric"
          controlWidth="w-24"
          defaultValue={String(loaderData.holdDays)}
        />
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </Form>
      {changed ? (
        <p className="mt-4 text-sm text-slate-600">
          Last changed by <span className="break-all">{changed.by}</span> on {historyDateFormat.format(new Date(changed.at))} ·{' '}
          <Link to="/history/settings/pay-later" className="font-semibold text-brand-700 hover:underline">
            History
          </Link>
        </p>
      ) : null}
    </div>
  )
}
