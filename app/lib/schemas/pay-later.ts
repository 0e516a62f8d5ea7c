import { formatAud } from '../money.ts'
import { isPayLaterLimit, MAX_PAY_LATER_CENTS, MIN_PAY_LATER_CENTS, PAY_LATER_FIELDS, type PayLaterSetting } from '../pay-later.ts'
import { dollarsToCents } from './product.ts'

/** $1, $10,000: the bounds as staff read them. */
const wholeDollars = (cents: number) => `$${(cents / 100).toLocaleString('en-AU')}`

export type PayLaterForm = { ok: true; setting: PayLaterSetting } | { ok: false; errors: { maxAmount: string } }

/**
 * The settings form as posted (ticked sends `on`). The amount is checked whether the message is on or
 * off: it is kept for the next time staff turn the message on.
 */
export function parsePayLaterForm(form: FormData): PayLaterForm {
  const enabled = form.get(PAY_LATER_FIELDS.enabled) === 'on'
  const raw = form.get(PAY_LATER_FIELDS.maxAmount)
  const text = typeof raw === 'string' ? raw.trim() : ''
  const range = `${wholeDollars(MIN_PAY_LATER_CENTS)} to ${wholeDollars(MAX_PAY_LATER_CENTS)}`
  if (text === '') return { ok: false, errors: { maxAmount: `Enter the largest amount to show the message for, from ${range}.` } }
  const cents = dollarsToCents(text)
  if (cents === null) return { ok: false, errors: { maxAmount: `Enter an amount in dollars, such as 2000, from ${range}.` } }
  if (!isPayLaterLimit(cents)) return { ok: false, errors: { maxAmount: `The amount must be from ${range}; ${formatAud(cents)} is not.` } }
  return { ok: true, setting: { enabled, maxCents: cents } }
}
