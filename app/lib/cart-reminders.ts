import { deliveryDetailsSchema } from './schemas/delivery.ts'

/**
 * The shopper's consent to the cart reminder and offers (docs/decisions/042-cart-reminders.md): a box
 * on the delivery step, unticked until they tick it. A plain form field: ticked sends `on`.
 */
export const REMINDER_CONSENT_FIELD = 'remindMe'
export const REMINDER_CONSENT_LABEL = 'E-mail me about this cart and offers'

/** Staff's delay before the reminder, in whole hours (kept in shop_settings). */
export const DEFAULT_REMINDER_DELAY_HOURS = 4
export const MIN_REMINDER_DELAY_HOURS = 1
export const MAX_REMINDER_DELAY_HOURS = 168

export interface ReminderConsent {
  reminderConsentAt: Date | null
  reminderEmail: string | null
}

/**
 * What a post of the delivery step changes in its checkout's consent: ticked with a valid address,
 * the consent is given now for that address (kept as it was when it is the same address again);
 * unticked, it is withdrawn. Ticked with an address that is not one yet, nothing changes until it
 * is. Null when nothing changes.
 */
export function consentChange(checkout: ReminderConsent, posted: { remindMe: boolean; email: string }, now = new Date()): ReminderConsent | null {
  if (!posted.remindMe) return checkout.reminderConsentAt || checkout.reminderEmail ? { reminderConsentAt: null, reminderEmail: null } : null
  const email = deliveryDetailsSchema.shape.email.safeParse(posted.email)
  if (!email.success) return null
  if (checkout.reminderConsentAt && checkout.reminderEmail === email.data) return null
  return { reminderConsentAt: now, reminderEmail: email.data }
}

/** Staff's delay as typed: a whole number of hours from 1 to 168 (a week), or why not. */
export function parseReminderDelay(value: FormDataEntryValue | null): { ok: true; hours: number } | { ok: false; message: string } {
  const text = typeof value === 'string' ? value.trim() : ''
  const range = `${MIN_REMINDER_DELAY_HOURS} to ${MAX_REMINDER_DELAY_HOURS} hours`
  if (text === '') return { ok: false, message: `Enter how many hours to wait before the reminder: ${range}.` }
  if (!/^\d{1,6}$/.test(text)) return { ok: false, message: `The delay is a whole number of hours, from ${range}.` }
  const hours = Number(text)
  if (hours < MIN_REMINDER_DELAY_HOURS || hours > MAX_REMINDER_DELAY_HOURS) return { ok: false, message: `The delay must be from ${range}; ${hours} is not.` }
  return { ok: true, hours }
}
