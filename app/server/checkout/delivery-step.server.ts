import type { ShippingMethod, ShippingQuote } from '../../lib/delivery/shipping.ts'
import type { SessionUser } from '../auth/session.server.ts'
import type { SavedAddress } from '../accounts/addresses.server.ts'
import type { DraftDetails } from './drafts.server.ts'
import { REMINDER_CONSENT_FIELD } from '../../lib/cart-reminders.ts'

/** The delivery step's fields, as the form names them. */
export const DELIVERY_FIELDS = [
  'fullName',
  'email',
  'phone',
  'company',
  'abn',
  'shippingMethod',
  'addressLine1',
  'addressLine2',
  'suburb',
  'state',
  'postcode',
  'purchaseOrder',
  'payment',
] as const
export type DeliveryField = (typeof DELIVERY_FIELDS)[number]
/** `remindMe`: the shopper's consent to the cart reminder and offers (docs/decisions/042-cart-reminders.md), unticked until they tick it. */
export type DeliveryValues = Record<DeliveryField, string> & { saveAddress: boolean; remindMe: boolean }

/** What the form shows of each method: its exact price for this cart, or why it cannot be chosen. */
export interface MethodChoice {
  id: string
  name: string
  collect: boolean
  deliveryTime: string
  pickupAddress: string
  pickupHours: string
  priceCents: number | null
  unavailable: string | null
}

export function methodChoices(quoted: { method: ShippingMethod; quote: ShippingQuote }[]): MethodChoice[] {
  return quoted.map(({ method, quote }) => ({
    id: method.id,
    name: method.name,
    collect: method.kind === 'collect',
    deliveryTime: method.deliveryTime,
    pickupAddress: method.pickupAddress ?? '',
    pickupHours: method.pickupHours ?? '',
    priceCents: quote.available ? quote.priceCents : null,
    unavailable: quote.available ? null : quote.reason,
  }))
}

/** The values as typed (from a form post), every field a string; nothing is lost, valid or not. */
export function valuesFromForm(form: FormData): DeliveryValues {
  const values = Object.fromEntries(DELIVERY_FIELDS.map((field) => [field, String(form.get(field) ?? '').slice(0, 500)])) as Record<DeliveryField, string>
  return { ...values, saveAddress: form.get('saveAddress') === 'on', remindMe: form.get(REMINDER_CONSENT_FIELD) === 'on' }
}

/**
 * What the form starts with: what the shopper typed last time in this checkout, else a signed-in
 * customer's default address, else their e-mail alone. A method is always chosen: the one kept, or
 * the first this cart can use.
 */
export function initialValues(input: {
  kept: DraftDetails | null
  user: SessionUser | null
  address: SavedAddress | null
  choices: MethodChoice[]
}): DeliveryValues {
  const blank = Object.fromEntries(DELIVERY_FIELDS.map((field) => [field, ''])) as Record<DeliveryField, string>
  let values: DeliveryValues
  if (input.kept) {
    const kept = input.kept
    values = {
      ...blank,
      ...Object.fromEntries(DELIVERY_FIELDS.map((field) => [field, typeof kept[field] === 'string' ? kept[field] : ''])),
      saveAddress: kept.saveAddress === true,
      remindMe: kept.remindMe === true,
    }
  } else if (input.address) {
    const { fullName, phone, company, abn, addressLine1, addressLine2, suburb, state, postcode } = input.address
    values = {
      ...blank,
      fullName,
      phone,
      company,
      abn,
      addressLine1,
      addressLine2,
      suburb,
      state,
      postcode,
      email: input.user?.email ?? '',
      saveAddress: false,
      remindMe: false,
    }
  } else {
    values = { ...blank, email: input.user?.email ?? '', fullName: input.user?.name ?? '', saveAddress: input.user !== null, remindMe: false }
  }
  if (values.payment !== 'bank-transfer' && values.payment !== 'account') values.payment = 'card'
  const usable = input.choices.filter((choice) => choice.unavailable === null)
  if (!usable.some((choice) => choice.id === values.shippingMethod)) values.shippingMethod = usable[0]?.id ?? ''
  return values
}
