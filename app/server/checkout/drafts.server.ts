import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { consentChange } from '../../lib/cart-reminders.ts'
import type { CheckoutItems } from '../../lib/schemas/checkout.ts'
import { MAX_CODE_LENGTH, normaliseCode } from '../../lib/promotions.ts'
import type { Executor } from '../db/client.server.ts'
import { checkouts } from '../db/schema.ts'

/**
 * A shopper's way through checkout: the cart they sent from the cart page and what they typed on the
 * delivery step, kept on the server and found by an http-only cookie. So the step
 * works as a plain form, and a shopper back from a declined or cancelled payment finds it all there.
 */
export const CHECKOUT_COOKIE = 'checkout'
/** How long an unfinished checkout is kept. */
export const CHECKOUT_DAYS = 7

export type CheckoutDraft = typeof checkouts.$inferSelect
export type DraftDetails = Record<string, string | boolean>

const ID = /^[A-Za-z0-9_-]{32}$/

export function checkoutIdFrom(cookieHeader: string | null): string | null {
  const match = /(?:^|;\s*)checkout=([^;]*)/.exec(cookieHeader ?? '')
  return match && ID.test(match[1]!) ? match[1]! : null
}

export function checkoutCookie(id: string, secure: boolean): string {
  return `${CHECKOUT_COOKIE}=${id}; Path=/; Max-Age=${CHECKOUT_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * The key in the address a payment page sends the shopper back by when they leave it: only a return
 * that carries it closes the payment and gives its stock back. It is derived from the checkout's id,
 * which only the shopper's browser holds (an http-only cookie), so another site cannot write an
 * address that cancels someone's payment (their browser would send the cookie along), and the id
 * itself never appears in an address.
 */
export function paymentReturnKey(checkoutId: string): string {
  return createHmac('sha256', checkoutId).update('payment-return').digest('base64url')
}

export function isPaymentReturnKey(checkoutId: string, key: string | null): boolean {
  const expected = Buffer.from(paymentReturnKey(checkoutId))
  const given = Buffer.from(key ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Where a shopper who leaves the payment page comes back to (the delivery step, as they left it). */
export function paymentCancelPath(checkoutId: string): string {
  return `/checkout/delivery?payment=cancelled&return=${paymentReturnKey(checkoutId)}`
}

export async function getCheckout(db: Executor, id: string | null): Promise<CheckoutDraft | null> {
  if (!id) return null
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1)
  return row ?? null
}

/** Keeps the cart the shopper is about to buy: in their checkout if they have one, else a new one. */
export async function keepCart(
  db: Executor,
  input: {
    id: string | null
    items: CheckoutItems
    userId: string | null
    /** The cart's discount code; undefined leaves the kept one. */ code?: string | null
  },
): Promise<string> {
  const code = input.code === undefined ? {} : { discountCode: input.code ? normaliseCode(input.code).slice(0, MAX_CODE_LENGTH) || null : null }
  if (input.id) {
    // A guest's checkout becomes the customer's who signs in; a customer's is never anyone else's.
    const [updated] = await db
      .update(checkouts)
      .set({ items: input.items, updatedAt: new Date(), ...code, ...(input.userId ? { userId: input.userId } : {}) })
      .where(and(eq(checkouts.id, input.id), input.userId ? or(isNull(checkouts.userId), eq(checkouts.userId, input.userId)) : isNull(checkouts.userId)))
      .returning({ id: checkouts.id })
    if (updated) return updated.id
  }
  const id = randomBytes(24).toString('base64url')
  await db.insert(checkouts).values({ id, items: input.items, userId: input.userId, ...code })
  return id
}

/**
 * Keeps what the shopper typed (valid or not), so nothing is lost on a refusal or a return, and with
 * it their consent to the cart reminder: given (with the time and the address typed) when the box is
 * ticked, withdrawn when it is not (app/lib/cart-reminders.ts).
 */
export async function keepDetails(db: Executor, checkout: CheckoutDraft, details: DraftDetails, now = new Date()): Promise<void> {
  const consent = consentChange(checkout, { remindMe: details.remindMe === true, email: String(details.email ?? '') }, now)
  if (!consent && JSON.stringify(checkout.details) === JSON.stringify(details)) return
  await db
    .update(checkouts)
    .set({ details, updatedAt: now, ...consent })
    .where(eq(checkouts.id, checkout.id))
}

/** Keeps the discount code the shopper entered (upper-cased), or forgets it (null); it is priced again each time. */
export async function keepDiscountCode(db: Executor, checkoutId: string, code: string | null): Promise<void> {
  await db
    .update(checkouts)
    .set({ discountCode: code ? normaliseCode(code).slice(0, MAX_CODE_LENGTH) || null : null, updatedAt: new Date() })
    .where(eq(checkouts.id, checkoutId))
}

/** Forgets checkouts nobody has touched for CHECKOUT_DAYS (timed work). */
export async function forgetOldCheckouts(db: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CHECKOUT_DAYS * 86_400_000)
  const gone = await db
    .delete(checkouts)
    .where(and(lt(checkouts.updatedAt, before)))
    .returning({ id: checkouts.id })
  return gone.length
}

/** How long one press of Pay may take to open the payment page before another press is let through. */
const PAYING_SECONDS = 30

/**
 * Marks the checkout as opening a payment page; false when another request for it is doing so (a
 * double click, a second tab), which then opens no second page and holds no second set of units.
 */
export async function claimCheckout(db: Executor, id: string): Promise<boolean> {
  const now = new Date()
  const [claimed] = await db
    .update(checkouts)
    .set({ payingUntil: new Date(now.getTime() + PAYING_SECONDS * 1000) })
    .where(and(eq(checkouts.id, id), or(isNull(checkouts.payingUntil), lt(checkouts.payingUntil, now))))
    .returning({ id: checkouts.id })
  return claimed !== undefined
}

export async function releaseCheckout(db: Executor, id: string): Promise<void> {
  await db.update(checkouts).set({ payingUntil: null }).where(eq(checkouts.id, id))
}
