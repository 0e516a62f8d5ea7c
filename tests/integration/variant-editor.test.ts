import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductFields } from '../../app/lib/catalog'
import { addDays, dayStart, shopDay } from '../../app/lib/reports/periods'
import { restoreProduct } from '../../app/server/catalog/product-changes.server'
import { getProduct } from '../../app/server/catalog/products.server'
import { saveVariants, VariantsRefusedError } from '../../app/server/catalog/variant-editor.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, products } from '../../app/server/db/schema'
import { NotRestorableError } from '../../app/server/history/record.server'
import { testDatabaseKinds } from '../support/databases'
import { batteryWithVariants, editorRow as row } from '../support/variants'

const PICTURES = [
  { value: '/images/cell.svg', label: 'The battery', description: '' },
  { value: '/images/cell-pair.svg', label: 'Two batteries side by side', description: '' },
]

const BATTERY: ProductFields = {
  productName: 'Editor Cell',
  STUPID: 'prod_EditorCell',
  productCategory: 'parts-accessories',
  productImages: PICTURES,
  productDescriptions: [{ value: '', label: '', description: 'A smart battery.' }],
  productFeatures: [],
  productSpecifications: [],
  productDimensions: [],
  productShipping: [],
  productDownloads: [],
  productPrices: [{ label: 'Price (inc. GST)', value: 99_900, description: '' }],
  productStockOnHand: 10,
  productWeightGrams: 2_700,
  productContainsLithium: true,
}

describe.each(testDatabaseKinds())('the variants editor on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })

  const versionOf = async (id: string) => (await database.db.select({ version: products.version }).from(products).where(eq(products.id, id)))[0]!.version

  it('sets a variant’s own picture, Stripe price id, backorder and lead time; kept on the variant’s own row; clearing them goes back to the product’s', async () => {
    const battery = await batteryWithVariants(database.db, { ...BATTERY, productName: 'Editor Cell Fields' })
    const saving = async (pair: Partial<Parameters<typeof row>[4]>) => {
      const version = await versionOf(battery.id)
      return saveVariants(
        database.db,
        battery.id,
        version,
        {
          optionNames: ['Pack'],
          rows: [
            row(battery.id, ['Single'], 99_900, 10, { priceId: 'price_Single1' }),
            row(battery.pair, ['Matched pair'], 194_900, 0, pair),
            row(battery.small, ['16,000 mAh'], 79_900, 0),
          ],
        },
        'ann@example.com',
      )
    }
    const saved = await saving({ image: PICTURES[1]!.value, priceId: 'price_Pair1', allowBackorder: true, backorderLeadTime: '2–3 weeks' })
    expect(saved.productPrices[0]).toMatchObject({ value: 99_900, description: 'price_Single1' })
    expect(saved.productVariants![0]).toMatchObject({
      productImages: [PICTURES[1]],
      productPrices: [{ value: 194_900, description: 'price_Pair1' }],
      productAllowBackorder: true,
      productBackorderLeadTime: '2–3 weeks',
    })
    // The sold-out pair can still be ordered, on backorder, showing its own picture.
    const [pair] = await database.db
      .select({ images: products.productImages, backorder: products.productAllowBackorder })
      .from(products)
      .where(eq(products.id, battery.pair))
    expect(pair).toEqual({ images: [PICTURES[1]], backorder: true })

    // A picture the product does not have is refused, naming why; nothing changes.
    await expect(saving({ image: '/images/elsewhere.svg' })).rejects.toThrow(
      new VariantsRefusedError('A picture chosen is no longer one of the product’s. Please reload the page and choose again.'),
    )
    const cleared = await saving({})
    expect(cleared.productVariants![0]).toMatchObject({ productImages: [], productAllowBackorder: false, productPrices: [{ description: '' }] })
  })

  it('judges each variant’s was price by that variant’s own days at it, and refuses one it was never offered at, at its row', async () => {
    const battery = await batteryWithVariants(database.db, { ...BATTERY, productName: 'Editor Cell Was' })
    // The battery has been in the shop as it is for 60 days: single $999, pair $1,949, 16,000 mAh $799.
    await database.db
      .update(history)
      .set({ updatedAt: dayStart(addDays(shopDay(new Date()), -60)) })
      .where(and(eq(history.collection, 'products'), eq(history.documentId, battery.id)))
    const save = async (was: { single?: number; pair?: number; small?: number }, pairPrice = 174_900) =>
      saveVariants(
        database.db,
        battery.id,
        await versionOf(battery.id),
        {
          optionNames: ['Pack'],
          rows: [
            row(battery.id, ['Single'], 99_900, 10, { wasPriceCents: was.single ?? null }),
            row(battery.pair, ['Matched pair'], pairPrice, 3, { wasPriceCents: was.pair ?? null, formRow: 1 }),
            row(battery.small, ['16,000 mAh'], 69_900, 0, { wasPriceCents: was.small ?? null, formRow: 2 }),
          ],
        },
        'ann@example.com',
      )
    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (reason: unknown) => reason,
      )
      expect(error).toBeInstanceOf(VariantsRefusedError)
      return { message: (error as VariantsRefusedError).message, at: (error as VariantsRefusedError).at }
    }
    // $1,949 is the pair's price of 59 whole days, not the 16,000 mAh pack's: each variant is judged on its own.
    expect(await refusal(save({ small: 194_900 }))).toEqual({
      message: 'The 16,000 mAh variant was never offered at $1,949.00 in the last 90 days; a was price needs at least 28 days at that price.',
      at: { formRow: 2, field: 'was' },
    })
    expect(await refusal(save({ single: 109_900 }))).toEqual({
      message: 'This product was never offered at $1,099.00 in the last 90 days; a was price needs at least 28 days at that price.',
      at: { formRow: 0, field: 'was' },
    })
    const untouched = await getProduct(database.db, battery.id)
    expect(untouched!.productVariants!.map((variant) => variant.productPrices[0]!.value)).toEqual([194_900, 79_900])

    const saved = await save({ pair: 194_900, small: 79_900 })
    expect(saved.productVariants!.map((variant) => [variant.productPrices[0]!.value, variant.productWasPriceCents])).toEqual([
      [174_900, 194_900],
      [69_900, 79_900],
    ])
  })

  it('refuses to restore a version whose variant shows a was price it was never offered at', async () => {
    const battery = await batteryWithVariants(database.db, { ...BATTERY, productName: 'Editor Cell Restore' })
    const current = (await getProduct(database.db, battery.id))!
    const [pair, ...rest] = current.productVariants!
    const version = {
      ...current,
      productVariants: [{ ...pair!, productPrices: [{ ...pair!.productPrices[0]!, value: 179_900 }], productWasPriceCents: 300_000 }, ...rest],
    }
    await expect(restoreProduct(database.db, version, 'ann@example.com')).rejects.toThrow(
      new NotRestorableError(
        'This version cannot be restored. The Matched pair variant was never offered at $3,000.00 in the last 90 days; a was price needs at least 28 days at that price.',
      ),
    )
    expect((await getProduct(database.db, battery.id))!.productVariants![0]!.productPrices[0]!.value).toBe(194_900)
  })
})
