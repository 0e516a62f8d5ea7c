import { z } from 'zod'
import { MAX_PER_LINE } from '../cart.ts'

/** What the browser sends to price or pay for its cart: ids and quantities (and the price it showed). */
export const checkoutItemsSchema = z
  .array(
    z.object({
      FBUID: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .regex(/^[a-z0-9-]+$/, 'Your cart could not be read. Please reload the page.'),
      productCount: z.number().int().min(1, 'Quantities start at 1.').max(MAX_PER_LINE, `At most ${MAX_PER_LINE} of one product.`),
      shownUnitPrice: z.number().int().min(0).optional(),
    }),
  )
  .max(100, 'That is more lines than one order can hold.')
  .refine((items) => new Set(items.map((item) => item.FBUID)).size === items.length, 'Your cart lists a product twice. Please reload the page.')

export type CheckoutItems = z.infer<typeof checkoutItemsSchema>

/** Reads the `items` field of a checkout form: a JSON list checked by the schema above. */
export function parseCheckoutItems(raw: unknown): { ok: true; items: CheckoutItems } | { ok: false; message: string } {
  if (typeof raw !== 'string' || raw.length > 20_000) return { ok: false, message: 'Your cart could not be read. Please reload the page.' }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { ok: false, message: 'Your cart could not be read. Please reload the page.' }
  }
  const parsed = checkoutItemsSchema.safeParse(json)
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Your cart could not be read.' }
  if (parsed.data.length === 0) return { ok: false, message: 'Your cart is empty.' }
  return { ok: true, items: parsed.data }
}
