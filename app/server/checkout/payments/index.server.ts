import type { Env } from '../../env.server.ts'
import { createDemoProvider } from './demo.server.ts'
import type { PaymentProvider } from './provider.ts'
import { createStripeClient, createStripeProvider } from './stripe.server.ts'

let cached: { config: Env; provider: PaymentProvider } | undefined

/** The configured provider (PAYMENT_PROVIDER): Stripe-hosted Checkout, or the shop's demo page. */
export function paymentProvider(config: Env): PaymentProvider {
  if (cached?.config === config) return cached.provider
  const provider = config.PAYMENT_PROVIDER === 'stripe' ? createStripeProvider(createStripeClient(config)) : createDemoProvider()
  cached = { config, provider }
  return provider
}
