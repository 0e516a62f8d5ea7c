import { useState, type ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { REMINDER_CONSENT_FIELD, REMINDER_CONSENT_LABEL } from '../../lib/cart-reminders'
import { discountLines, summariseOrder, type SummaryDiscount } from '../../lib/order-summary'
import { MAX_CODE_LENGTH } from '../../lib/discount-code'
import type { CodeOutcome } from '../../lib/promotions'
import type { MethodPromotion } from '../../server/promotions/pricing.server'
import { STATES } from '../../lib/delivery/postcodes'
import { formatAud } from '../../lib/money'
import { onAccountLabel } from '../../lib/trade'
import type { DeliveryValues, MethodChoice } from '../../server/checkout/delivery-step.server'
import { CheckboxField } from '../ui/checkbox-field'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'
import { Button } from '../ui/button'
import { OrderSummaryLines } from '../shop/order-summary'

const priceText = (cents: number) => (cents === 0 ? 'Free' : formatAud(cents))

/**
 * The delivery step's form. A plain form post: without scripts the method chosen when the page was
 * drawn prices the summary, and the address fields hide for Click & Collect by CSS alone; with
 * scripts the summary follows the method as it is chosen. The server prices everything again.
 */
export function DeliveryForm(props: {
  values: DeliveryValues
  errors: Record<string, string>
  /** Each method with what choosing it adds to the discounts (its free shipping, the code's message then). */
  choices: (MethodChoice & { promotion: MethodPromotion })[]
  /** The items' total before discounts. */
  linesCents: number
  /** The discounts on the items (docs/domain.md, Promotions). */
  discounts: SummaryDiscount[]
  /** The code kept in this checkout, and a note about what just happened to it. */
  code: { text: string; note: string | null } | null
  codeError: string | null
  codeNote: string | null
  signedIn: boolean
  demo: boolean
  /** Offered when the shop has a bank account configured: how many days the items are held. */
  bankTransfer: { holdDays: number } | null
  /** Offered to a trade customer with payment terms: their days from invoice, and the credit left within their limit. */
  account: { days: number; availableCents: number } | null
  summary: ReactNode
}) {
  const { values, errors, choices, linesCents, signedIn, demo, bankTransfer, account, summary, discounts, code, codeError, codeNote } = props
  const [methodId, setMethodId] = useState(values.shippingMethod)
  const offered = (value: string) => value === 'card' || (value === 'bank-transfer' && bankTransfer !== null) || (value === 'account' && account !== null)
  const [payment, setPayment] = useState(offered(values.payment) ? values.payment : 'card')
  const transfer = payment === 'bank-transfer'
  const onAccount = payment === 'account'
  const navigation = useNavigation()
  const paying = navigation.state !== 'idle' && navigation.formAction === '/checkout/delivery'
  const method = choices.find((choice) => choice.id === methodId && choice.unavailable === null) ?? null
  // The method chosen prices the shipping line; the server prices everything again when the form is sent.
  // The discounts follow the shipping, each its own line; free shipping is one with the method that gives it.
  const promotion = (method ?? choices[0])?.promotion ?? null
  const free = method ? promotion?.shippingDiscount : null
  const figures = summariseOrder({
    itemsCents: linesCents,
    shipping: { cents: method?.priceCents ?? 0, methodName: method?.name, shown: method ? undefined : '—' },
    extras: discountLines([...discounts, ...(free ? [free] : [])]),
  })
  const field = (
    name: keyof DeliveryValues,
    label: string,
    extra: { optional?: boolean; hint?: string; input?: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'size'> } = {},
  ) => (
    <TextField
      name={name}
      label={label}
      defaultValue={String(values[name])}
      error={errors[name]}
      optional={extra.optional}
      hint={extra.hint}
      {...extra.input}
    />
  )

  return (
    <Form method="post" noValidate className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem] [&:has(input[data-collect]:checked)_[data-address]]:hidden">
      <div className="space-y-10">
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">Your details</legend>
          {field('fullName', 'Full name', { input: { autoComplete: 'name' } })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('email', 'Email', { input: { type: 'email', autoComplete: 'email' }, hint: 'Your tax invoice is sent here.' })}
            {field('phone', 'Phone', { input: { type: 'tel', autoComplete: 'tel' }, hint: 'For the courier, if they need you.' })}
          </div>
          <CheckboxField
            name={REMINDER_CONSENT_FIELD}
            label={REMINDER_CONSENT_LABEL}
            hint="If you leave without paying, we send one reminder to this address. Every e-mail has a link to unsubscribe."
            defaultChecked={values.remindMe}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {field('company', 'Company name', { optional: true, input: { autoComplete: 'organization' } })}
            {field('abn', 'ABN', { optional: true, input: { inputMode: 'numeric' }, hint: 'Shown on your tax invoice.' })}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-lg font-semibold">Delivery method</legend>
          {errors.shippingMethod ? (
            <p id="shippingMethod-error" className="mt-2 text-sm text-red-700">
              {errors.shippingMethod}
            </p>
          ) : null}
          {choices.length === 0 ? (
            <>
              <input type="hidden" name="shippingMethod" value={values.shippingMethod} />
              <p className="mt-2 text-sm text-slate-600">The delivery methods could not be shown just now; your choice is kept.</p>
            </>
          ) : null}
          <ul className="mt-3 space-y-3">
            {choices.map((choice) => (
              <li key={choice.id}>
                <label
                  className={`flex gap-3 rounded-lg border p-4 ${choice.unavailable ? 'border-slate-200 bg-slate-50 text-slate-500' : 'cursor-pointer border-slate-300 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-100'}`}
                >
                  <input
                    type="radio"
                    name="shippingMethod"
                    value={choice.id}
                    defaultChecked={choice.id === values.shippingMethod}
                    disabled={choice.unavailable !== null}
                    data-collect={choice.collect ? '' : undefined}
                    onChange={() => setMethodId(choice.id)}
                    aria-describedby={`method-${choice.id}-about`}
                    className="mt-1"
                  />
                  <span className="flex-1">
                    <span className="flex flex-wrap justify-between gap-2 font-semibold">
                      <span>{choice.name}</span>
                      {choice.priceCents !== null ? <span>{priceText(choice.priceCents)}</span> : null}
                    </span>
                    <span id={`method-${choice.id}-about`} className="mt-1 block text-sm">
                      {choice.unavailable ?? choice.deliveryTime}
                      {choice.collect && !choice.unavailable ? (
                        <span className="mt-1 block text-slate-600">
                          Pick up at {choice.pickupAddress}. Open {choice.pickupHours}.
                        </span>
                      ) : null}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset data-address className="space-y-4">
          <legend className="text-lg font-semibold">Delivery address</legend>
          <p className="text-sm text-slate-600">We deliver anywhere in Australia.</p>
          {field('addressLine1', 'Address', { input: { autoComplete: 'address-line1' } })}
          {field('addressLine2', 'Apartment, unit, building', { optional: true, input: { autoComplete: 'address-line2' } })}
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem_8rem]">
            {field('suburb', 'Suburb', { input: { autoComplete: 'address-level2' } })}
            <SelectField
              name="state"
              label="State or territory"
              defaultValue={values.state}
              autoComplete="address-level1"
              error={errors.state}
              first={['', 'Choose…']}
            >
              {STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.code} — {state.name}
                </option>
              ))}
            </SelectField>
            {field('postcode', 'Postcode', { input: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4 } })}
          </div>
          {signedIn ? <CheckboxField name="saveAddress" label="Save this address to my account" defaultChecked={values.saveAddress} /> : null}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">Payment</legend>
          {errors.payment ? (
            <p id="payment-error" className="text-sm text-red-700">
              {errors.payment}
            </p>
          ) : null}
          {bankTransfer || account ? (
            <ul className="space-y-3">
              <PaymentChoice
                value="card"
                checked={payment === 'card'}
                onChoose={setPayment}
                title={demo ? 'Card (demo)' : 'Card, Apple Pay, Google Pay and more'}
                about={demo ? 'On a demo card page: no money is taken.' : 'On Stripe’s secure page, with the ways to pay it offers you.'}
              />
              {bankTransfer ? (
                <PaymentChoice
                  value="bank-transfer"
                  checked={transfer}
                  onChoose={setPayment}
                  title="Bank transfer (EFT)"
                  about={`We show and e-mail our bank details. Your items are held for ${bankTransfer.holdDays} days, and we send the order once the money arrives.`}
                />
              ) : null}
              {account ? (
                <PaymentChoice
                  value="account"
                  checked={onAccount}
                  onChoose={setPayment}
                  title={onAccountLabel(account.days)}
                  about={`We send your order now and e-mail its tax invoice with the due date. ${formatAud(account.availableCents)} of your credit limit is available.`}
                />
              ) : null}
            </ul>
          ) : (
            <input type="hidden" name="payment" value="card" />
          )}
          {field('purchaseOrder', 'Purchase order number', {
            optional: true,
            input: { maxLength: 40 },
            hint: 'If your business raised one: printed on your tax invoice and packing slip.',
          })}
        </fieldset>
      </div>

      <section aria-labelledby="summary-heading" className="h-fit rounded-2xl bg-slate-50 p-6 lg:sticky lg:top-24">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Order summary
        </h2>
        <div className="mt-3">{summary}</div>
        <OrderSummaryLines figures={figures} className="mt-4 border-t border-slate-200 pt-3" />
        <Button type="submit" disabled={paying} size="lg" className="mt-6 w-full disabled:cursor-progress">
          {transfer || onAccount
            ? paying
              ? 'Placing your order…'
              : `Place order: ${formatAud(figures.totalCents)} ${onAccount ? 'on account' : 'by bank transfer'}`
            : paying
              ? 'Opening the payment page…'
              : `Pay ${formatAud(figures.totalCents)}`}
        </Button>
        <p className="mt-3 text-xs text-slate-500">
          {onAccount
            ? `Due within ${account?.days ?? 0} days of today's invoice. Your purchase order number, if you give one, is on the invoice.`
            : transfer
              ? 'You will see our bank details on the next page, and we e-mail them to you.'
              : `${demo ? 'Demo shop: payment uses a demo card page and no money is taken.' : 'You will pay on Stripe’s secure page.'} Your items are held for 30 minutes while you pay.`}
        </p>
        <DiscountCodeField code={code} outcome={promotion?.code ?? null} error={codeError} note={codeNote} />
      </section>
    </Form>
  )
}

/**
 * The discount code, under the button (so Enter in any field still pays; Enter here applies the code
 * first, on the server): a field and Apply, or the code kept with what it does and Remove. Plain
 * buttons of the step's form, so it works without scripts.
 */
function DiscountCodeField(props: {
  code: { text: string; note: string | null } | null
  outcome: CodeOutcome | null
  error: string | null
  note: string | null
}) {
  const { code, outcome, error, note } = props
  return (
    <div className="mt-6 border-t border-slate-200 pt-4" data-testid="discount-code">
      {code ? (
        <>
          <p className="text-sm">
            Discount code <strong className="font-mono">{code.text}</strong>
          </p>
          {outcome ? (
            <p
              role={outcome.applied ? 'status' : 'alert'}
              className={`mt-1 text-sm ${outcome.applied ? 'text-emerald-800' : 'text-red-800'}`}
              data-testid="code-message"
            >
              {outcome.message}
            </p>
          ) : null}
          {code.note ? (
            <p className="mt-1 text-sm text-slate-700" role="status">
              {code.note}
            </p>
          ) : null}
          <input type="hidden" name="discountCode" value={code.text} />
          <Button type="submit" name="intent" value="remove-code" variant="inline" formNoValidate className="mt-1">
            Remove the code<span className="sr-only"> {code.text}</span>
          </Button>
        </>
      ) : (
        <div className="flex items-end gap-2">
          <TextField
            name="discountCode"
            label="Discount code"
            optional
            error={error ?? undefined}
            hint={note ?? undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={MAX_CODE_LENGTH}
            className="flex-1"
          />
          <Button type="submit" name="intent" value="apply-code" variant="secondary" formNoValidate>
            Apply
          </Button>
        </div>
      )}
    </div>
  )
}

/** One way to pay, as a radio card like the delivery methods'. */
function PaymentChoice(props: {
  value: 'card' | 'bank-transfer' | 'account'
  checked: boolean
  onChoose: (value: string) => void
  title: string
  about: string
}) {
  return (
    <li>
      <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-100">
        <input
          type="radio"
          name="payment"
          value={props.value}
          defaultChecked={props.checked}
          onChange={() => props.onChoose(props.value)}
          aria-describedby={`payment-${props.value}-about`}
          className="mt-1"
        />
        <span className="flex-1">
          <span className="block font-semibold">{props.title}</span>
          <span id={`payment-${props.value}-about`} className="mt-1 block text-sm">
            {props.about}
          </span>
        </span>
      </label>
    </li>
  )
}
