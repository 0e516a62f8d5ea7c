import { z } from 'zod'
import type { WeightBand } from '../delivery/shipping.ts'
import { slugify } from '../slug.ts'
import { centsToDollars, dollarsToCents } from './product.ts'
import { storableString } from './text.ts'

/** The message shown under an empty required field. */
export const REQUIRED = 'required'

export const SHIPPING_KINDS = ['delivery', 'collect'] as const
export type ShippingKind = (typeof SHIPPING_KINDS)[number]
export const SHIPPING_KIND_LABELS: Record<ShippingKind, string> = { delivery: 'Delivery', collect: 'Click & Collect' }

/** The highest amount a method may charge or use as its free-over threshold: $100,000. */
export const MAX_SHIPPING_CENTS = 10_000_000
/** The heaviest weight band: 1,000 kg, the heaviest product weight. */
export const MAX_BAND_GRAMS = 1_000_000
export const MAX_WEIGHT_BANDS = 30
export const MAX_POSITION = 10_000

/** The fields of the shipping-method form as sent: text as typed, checkboxes as booleans. */
export interface ShippingMethodFormInput {
  name: string
  kind: string
  price: string
  freeOver: string
  weightBands: string
  deliveryTime: string
  carriesLithium: boolean
  pickupAddress: string
  pickupHours: string
  position: string
  active: boolean
}

/** A method as the form edits it (prices in cents, as stored), without its id. */
export interface ShippingMethodFields {
  name: string
  kind: ShippingKind
  priceCents: number
  freeOverCents: number | null
  weightBands: WeightBand[]
  deliveryTime: string
  carriesLithium: boolean
  pickupAddress: string
  pickupHours: string
  position: number
  active: boolean
}

const PRICE_MESSAGE = 'Enter an amount in dollars, such as 12.00.'
const tooHigh = `At most $${(MAX_SHIPPING_CENTS / 100).toLocaleString('en-AU')}.`

/** Dollars as typed to cents, or the message saying what is wrong with them. */
function readDollars(text: string): number | string {
  const cents = dollarsToCents(text)
  if (cents === null) return PRICE_MESSAGE
  if (cents > MAX_SHIPPING_CENTS) return tooHigh
  return cents
}

const grams = (text: string) => {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)\s*(?:g|grams?)?$/i.exec(text.trim())
  return match ? Number(match[1]!.replace(/,/g, '')) : null
}

/**
 * Weight bands typed one per line as `up to grams = price`, such as `1000 = 12.00`: the bands in
 * ascending weight, or the first line's problem. Blank lines are skipped.
 */
export function parseWeightBands(text: string): { ok: true; bands: WeightBand[] } | { ok: false; message: string } {
  const bands: WeightBand[] = []
  const lines = text.split(/\r\n|\r|\n/)
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === '') continue
    const where = `Line ${index + 1} (“${line.length > 40 ? `${line.slice(0, 40)}…` : line}”)`
    const parts = line.split('=')
    if (parts.length !== 2) return { ok: false, message: `${where}: write each band as “up to grams = price”, such as 1000 = 12.00.` }
    const upToGrams = grams(parts[0]!)
    if (upToGrams === null) return { ok: false, message: `${where}: the weight before “=” must be whole grams, such as 1000.` }
    if (upToGrams < 1) return { ok: false, message: `${where}: the weight must be more than 0 grams.` }
    if (upToGrams > MAX_BAND_GRAMS)
      return { ok: false, message: `${where}: the weight can be at most ${MAX_BAND_GRAMS.toLocaleString('en-AU')} grams (1,000 kg).` }
    const price = readDollars(parts[1]!)
    if (typeof price === 'string') return { ok: false, message: `${where}: the price after “=” must be in dollars, such as 12.00.` }
    const previous = bands.at(-1)
    if (previous && upToGrams <= previous.upToGrams) {
      return { ok: false, message: `${where}: each band must be heavier than the one above it (${previous.upToGrams} g); list them from lightest to heaviest.` }
    }
    bands.push({ upToGrams, priceCents: price })
    if (bands.length > MAX_WEIGHT_BANDS) return { ok: false, message: `At most ${MAX_WEIGHT_BANDS} weight bands.` }
  }
  return { ok: true, bands }
}

/** Bands back as the text staff edit: one `grams = dollars` line each. */
export function formatWeightBands(bands: readonly WeightBand[]): string {
  return bands.map((band) => `${band.upToGrams} = ${centsToDollars(band.priceCents)}`).join('\n')
}

/**
 * The shipping-method form. Typed amounts become cents, the weight bands text becomes bands, and a
 * Click & Collect method needs its pickup address and opening hours. A field's problem never hides
 * another's, so every message shows at once.
 */
export const shippingMethodFormSchema = z
  .object({
    name: storableString(100)
      .min(1, REQUIRED)
      .refine((name) => name === '' || slugify(name) !== '', 'The name needs at least one letter or digit.'),
    kind: z.enum(SHIPPING_KINDS, { message: 'Choose delivery or Click & Collect.' }),
    price: z
      .string()
      .trim()
      .transform((text, context) => {
        if (text === '') {
          context.addIssue({ code: 'custom', message: REQUIRED, continue: true })
          return 0
        }
        const cents = readDollars(text)
        if (typeof cents === 'string') context.addIssue({ code: 'custom', message: cents, continue: true })
        return typeof cents === 'number' ? cents : 0
      }),
    freeOver: z
      .string()
      .trim()
      .transform((text, context) => {
        if (text === '') return null
        const cents = readDollars(text)
        if (typeof cents === 'string') context.addIssue({ code: 'custom', message: cents, continue: true })
        return typeof cents === 'number' ? cents : null
      }),
    weightBands: z.string().transform((text, context) => {
      const parsed = parseWeightBands(text)
      if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message, continue: true })
      return parsed.ok ? parsed.bands : []
    }),
    deliveryTime: storableString(200),
    carriesLithium: z.boolean(),
    pickupAddress: storableString(500),
    pickupHours: storableString(300),
    position: z
      .string()
      .trim()
      .transform((text, context) => {
        const position = /^\d+$/.test(text) ? Number(text) : Number.NaN
        if (!Number.isSafeInteger(position) || position > MAX_POSITION) {
          context.addIssue({
            code: 'custom',
            continue: true,
            message: `Enter a whole number from 0 to ${MAX_POSITION.toLocaleString('en-AU')}; lower numbers are listed first.`,
          })
          return 0
        }
        return position
      }),
    active: z.boolean(),
  })
  .superRefine((method, context) => {
    if (method.kind !== 'collect') return
    if (!method.pickupAddress) context.addIssue({ code: 'custom', path: ['pickupAddress'], message: 'required for Click & Collect' })
    if (!method.pickupHours) context.addIssue({ code: 'custom', path: ['pickupHours'], message: 'required for Click & Collect' })
  })
  .transform((method): ShippingMethodFields => ({
    name: method.name,
    kind: method.kind,
    priceCents: method.price,
    freeOverCents: method.freeOver,
    weightBands: method.weightBands,
    deliveryTime: method.deliveryTime,
    carriesLithium: method.carriesLithium,
    pickupAddress: method.pickupAddress,
    pickupHours: method.pickupHours,
    position: method.position,
    active: method.active,
  }))

/** The method fields of a submitted form (missing text becomes empty, a missing checkbox unticked). */
export function shippingMethodFormInput(form: FormData): ShippingMethodFormInput {
  const text = (key: string) => {
    const value = form.get(key)
    return typeof value === 'string' ? value : ''
  }
  const ticked = (key: string) => form.has(key)
  return {
    name: text('name'),
    kind: text('kind'),
    price: text('price'),
    freeOver: text('freeOver'),
    weightBands: text('weightBands'),
    deliveryTime: text('deliveryTime'),
    carriesLithium: ticked('carriesLithium'),
    pickupAddress: text('pickupAddress'),
    pickupHours: text('pickupHours'),
    position: text('position'),
    active: ticked('active'),
  }
}

/** A stored method as the form shows it. */
export function shippingMethodFormValues(method: ShippingMethodFields): ShippingMethodFormInput {
  return {
    name: method.name,
    kind: method.kind,
    price: centsToDollars(method.priceCents),
    freeOver: method.freeOverCents === null ? '' : centsToDollars(method.freeOverCents),
    weightBands: formatWeightBands(method.weightBands),
    deliveryTime: method.deliveryTime,
    carriesLithium: method.carriesLithium,
    pickupAddress: method.pickupAddress,
    pickupHours: method.pickupHours,
    position: String(method.position),
    active: method.active,
  }
}

/** What the "Add a method" form starts with. */
export const NEW_SHIPPING_METHOD: ShippingMethodFormInput = {
  name: '',
  kind: 'delivery',
  price: '',
  freeOver: '',
  weightBands: '',
  deliveryTime: '',
  carriesLithium: true,
  pickupAddress: '',
  pickupHours: '',
  position: '0',
  active: true,
}
