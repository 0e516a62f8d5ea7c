import { useEffect } from 'react'
import { Form, useNavigation } from 'react-router'
import { formatAud } from '../../lib/money'
import { SHIPPING_KIND_LABELS, SHIPPING_KINDS, type ShippingMethodFormInput } from '../../lib/schemas/shipping-method'
import type { ShippingMethodRow } from '../../server/delivery/shipping-methods.server'
import { CheckboxField } from '../ui/checkbox-field'
import { SelectField } from '../ui/select-field'
import { TextareaField } from '../ui/textarea-field'
import { TextField } from '../ui/text-field'
import { Button } from '../ui/button'
import { Alert } from '../ui/alert'

/** A stored method as the settings screen shows it. */
export type Method = Omit<ShippingMethodRow, 'createdAt' | 'updatedAt'> & { updatedAt: string }

const grams = (value: number) => `${value.toLocaleString('en-AU')} g`
const priceText = (cents: number) => (cents === 0 ? 'Free' : formatAud(cents))

export function MethodSummary({ method }: { method: Method }) {
  const rows: [string, React.ReactNode][] = [
    ['Kind', SHIPPING_KIND_LABELS[method.kind]],
    ['Price', method.weightBands.length > 0 ? 'By weight (see the bands)' : priceText(method.priceCents)],
    ['Free over', method.freeOverCents === null ? 'Never free' : formatAud(method.freeOverCents)],
    [
      'Weight bands',
      method.weightBands.length === 0 ? (
        'None'
      ) : (
        <ul>
          {method.weightBands.map((band) => (
            <li key={band.upToGrams}>
              Up to {grams(band.upToGrams)}: {priceText(band.priceCents)}
            </li>
          ))}
        </ul>
      ),
    ],
    ['Delivery time', method.deliveryTime || '—'],
    ['Carries lithium batteries', method.carriesLithium ? 'Yes' : 'No'],
    ['Position', String(method.position)],
  ]
  if (method.kind === 'collect') rows.push(['Pickup address', method.pickupAddress || '—'], ['Opening hours', method.pickupHours || '—'])
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([term, detail]) => (
        <div key={term} className="min-w-0">
          <dt className="text-slate-500">{term}</dt>
          <dd className="font-medium break-words whitespace-pre-line">{detail}</dd>
        </div>
      ))}
    </dl>
  )
}

type TextKey = Exclude<keyof ShippingMethodFormInput, 'carriesLithium' | 'active' | 'kind'>

interface TextSpec {
  name: TextKey
  label: string
  hint?: string
  required?: boolean
  rows?: number
  inputMode?: 'decimal' | 'numeric'
  placeholder?: string
  wide?: boolean
}

const TEXT_FIELDS_BEFORE: TextSpec[] = [
  {
    name: 'price',
    label: 'Price in dollars (incl. GST)',
    required: true,
    inputMode: 'decimal',
    placeholder: 'e.g. 15.00',
    hint: 'Charged when there are no weight bands; 0 shows as Free.',
  },
  {
    name: 'freeOver',
    label: 'Free over (dollars, optional)',
    inputMode: 'decimal',
    placeholder: 'e.g. 300.00',
    hint: 'Orders of this amount or more (GST included) ship free. Leave empty if it is never free.',
  },
  {
    name: 'weightBands',
    label: 'Weight bands (optional)',
    rows: 4,
    placeholder: '1000 = 12.00\n5000 = 22.00',
    hint: 'One per line, lightest first: up to grams = price in dollars, such as 1000 = 12.00. A cart heavier than the last band cannot use this method.',
    wide: true,
  },
  { name: 'deliveryTime', label: 'Delivery time', placeholder: 'e.g. 2–6 business days', hint: 'What the customer is told.' },
]

const PICKUP_FIELDS: TextSpec[] = [
  { name: 'pickupAddress', label: 'Pickup address', rows: 2, hint: 'Required for Click & Collect.' },
  { name: 'pickupHours', label: 'Opening hours', rows: 2, placeholder: 'e.g. Mon–Fri 9 am–5 pm', hint: 'Required for Click & Collect.' },
]

const KIND_HINT = 'Click & Collect asks the customer for no delivery address.'

/** Field names in the order they appear, for focusing the first one with a message. */
const FIELD_ORDER = [
  'form',
  'name',
  'kind',
  'price',
  'freeOver',
  'weightBands',
  'deliveryTime',
  'carriesLithium',
  'pickupAddress',
  'pickupHours',
  'position',
  'active',
]

/** One method's form (or "Add a method"): plain fields the server checks, its messages beside them. */
export function MethodForm({
  formKey,
  id,
  methodName,
  values,
  errors,
}: {
  formKey: string
  /** The stored method's id; absent for a new one. */
  id?: string
  methodName?: string
  values: ShippingMethodFormInput
  errors: Record<string, string> | undefined
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('formKey') === formKey
  const fieldId = (name: string) => `${formKey}-${name}`

  // A refused save puts the focus on the first field with a message, so it is seen and heard.
  useEffect(() => {
    if (!errors) return
    const first = FIELD_ORDER.find((name) => errors[name])
    if (first) document.getElementById(`${formKey}-${first}`)?.focus()
  }, [errors, formKey])

  const errorOf = (name: string) => errors?.[name]

  const textField = (spec: TextSpec) => {
    const shared = {
      id: fieldId(spec.name),
      name: spec.name,
      label: spec.label,
      requiredMark: spec.required,
      hint: spec.hint,
      error: errorOf(spec.name),
      size: 'sm',
      className: `min-w-0 ${spec.wide ? 'sm:col-span-2' : ''}`,
      defaultValue: values[spec.name],
      placeholder: spec.placeholder,
    } as const
    return spec.rows ? (
      <TextareaField key={spec.name} {...shared} rows={spec.rows} />
    ) : (
      <TextField key={spec.name} {...shared} type="text" inputMode={spec.inputMode} autoComplete="off" />
    )
  }

  const checkbox = (name: 'carriesLithium' | 'active', label: string, hint: string) => (
    <CheckboxField id={fieldId(name)} name={name} label={label} hint={hint} error={errorOf(name)} defaultChecked={values[name]} className="min-w-0" />
  )

  const nameHint = id ? `Its id stays ${id} when renamed.` : undefined
  const heading = id ? `Edit ${methodName ?? id}` : 'Add a method'

  return (
    <Form method="post" noValidate aria-label={heading} className="mt-4 space-y-5">
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="formKey" value={formKey} />
      {errorOf('form') ? (
        <p id={fieldId('form')} tabIndex={-1} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errorOf('form')}
        </p>
      ) : errors && Object.keys(errors).length > 0 ? (
        <Alert tone="error">
          {Object.keys(errors).length === 1 ? 'One field needs' : `${Object.keys(errors).length} fields need`} your attention; nothing was saved.
        </Alert>
      ) : null}
      <p className="text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {textField({ name: 'name', label: 'Name', required: true, hint: nameHint, placeholder: id ? undefined : 'e.g. Express post' })}
        <SelectField
          id={fieldId('kind')}
          name="kind"
          label="Kind"
          requiredMark
          size="sm"
          className="min-w-0"
          defaultValue={values.kind}
          error={errorOf('kind')}
          hint={KIND_HINT}
          first={SHIPPING_KINDS.includes(values.kind as (typeof SHIPPING_KINDS)[number]) ? undefined : ['', 'Choose one']}
          options={SHIPPING_KIND_LABELS}
        />
        {TEXT_FIELDS_BEFORE.map(textField)}
        <div className="flex flex-col gap-4 sm:col-span-2">
          {checkbox(
            'carriesLithium',
            'May carry lithium batteries (road transport)',
            'Untick for air and express services: carts with lithium batteries cannot choose them.',
          )}
        </div>
        {PICKUP_FIELDS.map(textField)}
        {textField({ name: 'position', label: 'Position', required: true, inputMode: 'numeric', hint: 'Lower numbers are listed first at checkout.' })}
        <div className="min-w-0 sm:self-center">{checkbox('active', 'Active', 'Offered at checkout. Untick to keep the method without offering it.')}</div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? (
            'Saving…'
          ) : id ? (
            <>
              Save changes<span className="sr-only"> to {methodName ?? id}</span>
            </>
          ) : (
            'Add method'
          )}
        </Button>
      </div>
    </Form>
  )
}
