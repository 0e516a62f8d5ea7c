import type { CheckoutItems } from '../../lib/schemas/checkout.ts'
import type { SessionUser } from '../auth/session.server.ts'
import type { Database } from '../db/client.server.ts'
import type { Env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import { attachPaymentSession, createPendingOrder, priceCart, type CartProblem } from './orders.server.ts'
import { paymentProvider } from './payments/index.server.ts'
import { PaymentProviderError } from './payments/provider.ts'

export type CheckoutResult =
  | { kind: 'redirect'; url: string; orderId: string }
  | { kind: 'problems'; problems: CartProblem[] }
  | { kind: 'error'; message: string }

/**
 * Pay for a cart: price every line from the database, stop if anything changed since the visitor
 * saw it, store the pending order with its snapshot, then open the provider's payment page.
 */
export async function startCheckout(
  deps: { db: Database; config: Env },
  input: { items: CheckoutItems; user: SessionUser | null; origin: string },
): Promise<CheckoutResult> {
  const priced = await priceCart(deps.db, input.items)
  if (priced.problems.length > 0) return { kind: 'problems', problems: priced.problems }
  const provider = paymentProvider(deps.config)
  const order = await createPendingOrder(deps.db, {
    lines: priced.lines,
    email: input.user?.email ?? null,
    userId: input.user?.id ?? null,
    provider: provider.name,
    updatedBy: input.user?.email ?? null,
  })
  let session: Awaited<ReturnType<typeof provider.createSession>>
  try {
    session = await provider.createSession({
      orderId: order.id,
      email: input.user?.email ?? null,
      lines: priced.lines.map((line) => ({ name: line.productName, unitPriceCents: line.unitPriceCents, quantity: line.quantity, priceId: line.priceId })),
      successUrl: `${input.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.origin}/checkout`,
    })
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, 'could not open a payment session')
    return {
      kind: 'error',
      message: error instanceof PaymentProviderError ? error.message : 'The payment provider could not be reached. Please try again.',
    }
  }
  try {
    await attachPaymentSession(deps.db, order.id, session.id, input.user?.email ?? null)
  } catch (error) {
    // Not the provider's fault (the database went away, say): the caller answers accordingly (503
    // "try again in a few seconds"). The visitor is not sent to a payment page whose order does not
    // know it; the order stays pending without a session, like a cart abandoned before paying.
    logger.warn({ err: error, orderId: order.id, sessionId: session.id }, 'could not record the payment session on its order')
    throw error
  }
  return { kind: 'redirect', url: session.url, orderId: order.id }
}
