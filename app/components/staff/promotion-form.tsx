import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { BENEFIT_LABELS } from '../../lib/promotions'
import { categoryName, PROMOTION_STATE_LABELS, type PromotionState } from '../../lib/promotion-summary'
import { BENEFITS, KIND_LABELS, MAX_KIT_QUANTITY, PROMOTION_KINDS, TARGET_LABELS, TARGETS, type PromotionFormValues } from '../../lib/schemas/promotion'
import { Alert } from '../ui/alert'
import { Badge, type BadgeTone } from '../ui/badge'
import { Button } from '../ui/button'
import { CheckboxField } from '../ui/checkbox-field'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'

const STATE_TONES: Record<PromotionState, BadgeTone> = { running: 'success', scheduled: 'info', ended: 'neutral', paused: 'warning' }

/** A promotion's state (running, scheduled, ended, paused) as a badge. */
export function PromotionStateBadge({ state }: { state: PromotionState }) {
  return <Badge tone={STATE_TONES[state]}>{PROMOTION_STATE_LABELS[state]}</Badge>
}

/** Empty rows the form offers beyond those set: saving with them filled adds more. */
const BLANK_ROWS = 3

/** The rows as sent without the empty ones at the end (the blank rows offered last time), so the rows with messages keep their numbers. */
function withoutTrailingBlanks<T>(rows: readonly T[], blank: (row: T) => boolean): T[] {
  let end = rows.length
  while (end > 0 && blank(rows[end - 1]!)) end--
  return rows.slice(0, end)
}

export interface PromotionChoices {
  products: { id: string; name: string }[]
  categories: string[]
  shippingMethods: { id: string; name: string }[]
}

/** A product select's options: every product, and an id the promotion names that no product has any more. */
function ProductOptions({ products, chosen }: { products: PromotionChoices['products']; chosen: string }) {
  return (
    <>
      {products.map((product) => (
        <option key={product.id} value={product.id}>
          {product.name}
        </option>
      ))}
      {chosen && !products.some((product) => product.id === chosen) ? <option value={chosen}>{chosen} (no such product)</option> : null}
    </>
  )
}

/**
 * The create and edit form of a promotion (/staff/promotions/new, /staff/promotions/:id). The parts
 * that do not apply to the kind, benefit and target chosen are hidden and not sent (a disabled
 * fieldset), so a value typed there and then left behind is never refused. The server checks
 * everything again (app/lib/schemas/promotion.ts) and refuses a save from an older `version`.
 */
export function PromotionForm({
  values,
  errors,
  choices,
  version,
  submitLabel,
  message,
}: {
  values: PromotionFormValues
  errors: Record<string, string>
  choices: PromotionChoices
  /** The version the form was opened at; null for a new promotion. */
  version: number | null
  submitLabel: string
  message: string | null
}) {
  const busy = useNavigation().state !== 'idle'
  const [kind, setKind] = useState(values.kind)
  const [benefit, setBenefit] = useState(values.benefit)
  const [target, setTarget] = useState(values.target)
  const isCode = kind !== 'offer'
  const productRows = [...withoutTrailingBlanks(values.products, (id) => !id.trim()), ...Array.from({ length: BLANK_ROWS }, () => '')]
  const kitRows = [
    ...withoutTrailingBlanks(values.kit, (row) => !row.productId.trim() && !row.quantity.trim()),
    ...Array.from({ length: BLANK_ROWS }, () => ({ productId: '', quantity: '' })),
  ]
  const categories = [...choices.categories, ...values.categories.filter((category) => !choices.categories.includes(category))]
  const hasErrors = Object.keys(errors).length > 0

  return (
    <Form method="post" noValidate className="mt-6 space-y-8">
      <input type="hidden" name="version" value={version ?? ''} />
      {message ? <Alert tone="error">{message}</Alert> : hasErrors ? <Alert tone="error">Please check the highlighted fields.</Alert> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="kind"
          label="Kind"
          size="sm"
          value={kind}
          onChange={(event) => setKind(event.target.value)}
          error={errors.kind}
          options={Object.fromEntries(PROMOTION_KINDS.map((value) => [value, KIND_LABELS[value]]))}
          hint={isCode ? 'Applies when a shopper enters its code.' : 'Applies by itself to every cart it fits.'}
        />
        <fieldset disabled={!isCode} hidden={!isCode} className="min-w-0">
          <TextField
            name="code"
            label="Code"
            size="sm"
            defaultValue={values.code}
            error={errors.code}
            autoComplete="off"
            spellCheck={false}
            inputClassName="font-mono uppercase"
            maxLength={40}
            hint="Letters, digits, - and _. Shoppers may type it in any case."
          />
        </fieldset>
        <TextField
          name="name"
          label="Name shoppers read"
          size="sm"
          className="sm:col-span-2"
          defaultValue={values.name}
          error={errors.name}
          maxLength={100}
          placeholder="15 % off cameras"
          hint="Shown on the cart, the order and the tax invoice, and on this list."
        />
      </div>

      <fieldset className="min-w-0">
        <legend className="font-medium">Benefit</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <SelectField
            name="benefit"
            label="What it gives"
            size="sm"
            value={benefit}
            onChange={(event) => setBenefit(event.target.value)}
            error={errors.benefit}
            options={Object.fromEntries(BENEFITS.map((value) => [value, BENEFIT_LABELS[value]]))}
          />
          <fieldset disabled={benefit !== 'percent'} hidden={benefit !== 'percent'} className="min-w-0">
            <TextField
              name="percent"
              label="Percentage off (%)"
              size="sm"
              inputMode="decimal"
              defaultValue={values.percent}
              error={errors.percent}
              hint="From 0.01 to 100, such as 15 or 12.5."
            />
          </fieldset>
          <fieldset disabled={benefit !== 'amount'} hidden={benefit !== 'amount'} className="min-w-0">
            <TextField
              name="amount"
              label="Amount off ($, incl. GST)"
              size="sm"
              inputMode="decimal"
              defaultValue={values.amount}
              error={errors.amount}
              hint="Off the order, or off each complete kit."
            />
          </fieldset>
          <fieldset disabled={benefit !== 'free-shipping'} hidden={benefit !== 'free-shipping'} className="min-w-0">
            <SelectField
              name="shippingMethodId"
              label="Free shipping with"
              size="sm"
              defaultValue={values.shippingMethodId}
              error={errors.shippingMethodId}
              first={['', 'Any method']}
              options={Object.fromEntries(choices.shippingMethods.map((method) => [method.id, method.name]))}
            />
          </fieldset>
        </div>
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="font-medium">Applies to</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <SelectField
            name="target"
            label="What it takes off"
            size="sm"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            error={errors.target}
            options={Object.fromEntries(TARGETS.map((value) => [value, TARGET_LABELS[value]]))}
            hint={benefit === 'free-shipping' ? 'Free shipping is on the whole order.' : undefined}
          />
          <TextField
            name="minSpend"
            label="Minimum spend ($)"
            size="sm"
            optional
            inputMode="decimal"
            defaultValue={values.minSpend}
            error={errors.minSpend}
            hint="What the items in the cart must come to, GST inclusive."
          />
        </div>

        <fieldset disabled={target !== 'items'} hidden={target !== 'items'} className="mt-4 min-w-0 space-y-4">
          <fieldset>
            <legend className="text-sm font-medium">Categories</legend>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {categories.map((category) => (
                <li key={category}>
                  <CheckboxField
                    id={`category-${category}`}
                    name="category"
                    value={category}
                    label={categoryName(category)}
                    defaultChecked={values.categories.includes(category)}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium">Products</legend>
            <p className="text-sm text-slate-500">Besides the categories ticked. Leave a row on “No product” to skip it.</p>
            <ul className="mt-2 grid gap-3 sm:grid-cols-2">
              {productRows.map((productId, index) => (
                <li key={index}>
                  <SelectField name={`product-${index}`} label={`Product ${index + 1}`} size="sm" defaultValue={productId} first={['', 'No product']}>
                    <ProductOptions products={choices.products} chosen={productId} />
                  </SelectField>
                </li>
              ))}
            </ul>
            {errors.products ? <p className="mt-2 text-sm text-red-700">{errors.products}</p> : null}
          </fieldset>
        </fieldset>

        <fieldset disabled={target !== 'kit'} hidden={target !== 'kit'} className="mt-4 min-w-0">
          <legend className="text-sm font-medium">Kit: every product in its quantity</legend>
          <p className="text-sm text-slate-500">
            The benefit is on the units of complete kits, such as an E900 and two batteries. Quantity 1 to {MAX_KIT_QUANTITY}; empty means 1.
          </p>
          <ul className="mt-2 space-y-3">
            {kitRows.map((row, index) => (
              <li key={index} className="grid grid-cols-[1fr_6rem] gap-3">
                <SelectField
                  name={`kitProduct-${index}`}
                  label={`Kit product ${index + 1}`}
                  size="sm"
                  defaultValue={row.productId}
                  error={errors[`kitProduct-${index}`]}
                  first={['', 'No product']}
                >
                  <ProductOptions products={choices.products} chosen={row.productId} />
                </SelectField>
                <TextField
                  name={`kitQuantity-${index}`}
                  label="Quantity"
                  size="sm"
                  inputMode="numeric"
                  defaultValue={row.quantity}
                  error={errors[`kitQuantity-${index}`]}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="font-medium">Period</legend>
        <p className="text-sm text-slate-500">Brisbane days: it starts at midnight on its first day and ends at midnight after its last. Empty: no limit.</p>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <TextField name="firstDay" label="First day" size="sm" type="date" optional defaultValue={values.firstDay} error={errors.firstDay} />
          <TextField name="lastDay" label="Last day" size="sm" type="date" optional defaultValue={values.lastDay} error={errors.lastDay} />
        </div>
      </fieldset>

      <fieldset disabled={!isCode} hidden={!isCode} className="min-w-0">
        <legend className="font-medium">Uses of the code</legend>
        <p className="text-sm text-slate-500">Orders placed and not ended without payment count. Empty: no limit.</p>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <TextField name="usageLimit" label="Uses in all" size="sm" optional inputMode="numeric" defaultValue={values.usageLimit} error={errors.usageLimit} />
          <TextField
            name="perCustomerLimit"
            label="Uses per customer e-mail"
            size="sm"
            optional
            inputMode="numeric"
            defaultValue={values.perCustomerLimit}
            error={errors.perCustomerLimit}
          />
        </div>
        <CheckboxField
          className="mt-4"
          id="combinesWithOffers"
          name="combinesWithOffers"
          label="May add to automatic offers"
          hint="Unticked, the code takes nothing off a line an offer already lowered."
          defaultChecked={values.combinesWithOffers}
        />
      </fieldset>

      <CheckboxField
        id="active"
        name="active"
        label="Active"
        hint="Untick to pause it: no cart gets it while paused; orders placed keep theirs."
        defaultChecked={values.active}
      />

      <Button type="submit" name="intent" value="save" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  )
}
