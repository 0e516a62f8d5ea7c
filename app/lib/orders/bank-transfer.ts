import { formatAud } from '../money.ts'

/**
 * Paying by bank transfer (EFT): the shop's account as the buyer types it into their bank, the
 * reference that ties a transfer to its order, and how long an unpaid order keeps its stock
 * (docs/domain.md, Bank transfer).
 */

export interface BankAccount {
  /** Bank-State-Branch number, written as banks print it: `062-000`. */
  bsb: string
  accountNumber: string
  accountName: string
}

/** A BSB is six digits; banks print it 3-3 with a hyphen, and people type it with or without one. */
export function normaliseBsb(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '')
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : null
}

/** Australian account numbers are 5 to 10 digits (spaces and hyphens as printed are ignored). */
export function normaliseAccountNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '')
  return /^\d{5,10}$/.test(digits) ? digits : null
}

/** The days an unpaid bank-transfer order keeps its stock, unless staff set otherwise. */
export const DEFAULT_HOLD_DAYS = 7
export const MIN_HOLD_DAYS = 1
export const MAX_HOLD_DAYS = 30
/** An order not paid in full this many days after it was placed gets one reminder. */
export const REMINDER_AFTER_DAYS = 3

/** The amount still owing on an order paid by transfer (never below zero). */
export function owingCents(order: { totalCents: number; receivedCents: number }): number {
  return Math.max(0, order.totalCents - order.receivedCents)
}

/**
 * Checks a payment staff record against what is owing: whole cents, above zero, and never more than
 * is owing (money sent twice is paid back by transfer, outside the order). Null when it is fine.
 */
export function paymentRefusal(order: { id: string; totalCents: number; receivedCents: number }, amountCents: number): string | null {
  const owing = owingCents(order)
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'Enter the amount received, in dollars and cents.'
  if (owing === 0) return `Order ${order.id} is already paid in full.`
  if (amountCents > owing) {
    return `Only ${formatAud(owing)} is owing on order ${order.id}. Record at most that; pay back anything sent beyond it by transfer.`
  }
  return null
}
