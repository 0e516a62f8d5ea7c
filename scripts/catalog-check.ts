/**
 * npm run catalog:check   compares every product's prices with Stripe's (missing or archived
 *                         product, missing or inactive price, other amount, other currency).
 *
 * Exit code 0 when everything matches (or the shop runs with the demo payment provider, which has no
 * catalogue to compare), 1 when anything mismatches, 2 when the check could not run. Meant for a
 * deploy step; it only reads, from Stripe and from the shop's database.
 */
import { checkCatalog, formatCatalogCheck, listShopPrices, NEEDS_STRIPE, StripeCatalogError } from '../app/server/catalog/stripe-catalog.server.ts'
import { stripeClient } from '../app/server/checkout/payments/stripe.server.ts'
import { ConfigError, parseEnv, type Env } from '../app/server/env.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

let config: Env
try {
  config = parseEnv(process.env)
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(2)
}

if (config.PAYMENT_PROVIDER !== 'stripe') {
  console.log(`Catalogue check skipped. ${NEEDS_STRIPE}`)
} else {
  const stripe = stripeClient(config)
  let outcome: number | undefined
  await withCommandDatabase(async (database) => {
    await database.migrate()
    try {
      const check = await checkCatalog(stripe, await listShopPrices(database.db))
      console.log(formatCatalogCheck(check))
      outcome = check.mismatches === 0 ? 0 : 1
    } catch (error) {
      if (!(error instanceof StripeCatalogError)) throw error
      console.error(`The catalogue could not be checked: ${error.message}`)
    }
  })
  // Anything that stopped the check (Stripe, the database) is 2, so a deploy can tell it from a mismatch.
  process.exitCode = outcome ?? 2
}
