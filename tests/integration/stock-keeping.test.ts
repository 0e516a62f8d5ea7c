import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayStart } from '../../app/lib/reports/periods'
import { productFormSchema } from '../../app/lib/schemas/product'
import { parseStaffProductQuery } from '../../app/lib/staff-product-query'
import { getEditableProduct, stockKeepingErrors, stockKeepingTaken, updateProduct } from '../../app/server/catalog/product-changes.server'
import { getShownProduct } from '../../app/server/catalog/products.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { listStaffProducts } from '../../app/server/catalog/staff-products.server'
import { getOrder, priceCart } from '../../app/server/checkout/orders.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { orders, products } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { topProducts } from '../../app/server/reports/sales.server'
import { paidTestOrder } from '../support/orders'
import { testDatabaseKinds } from '../support/databases'

const STAFF = 'ann@shop.example'
const view = (text: string) => parseStaffProductQuery(new URLSearchParams(text))

describe.each(testDatabaseKinds())('stock keeping on $name', (kind) => {
  let database: DatabaseHandle
  let mailer: MailService
  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
  })

  /** Staff save the product's form with these stock-keeping fields typed (as the form sends them). */
  async function save(productId: string, typed: { productSku?: string; productBarcode?: string; productCostCents?: string }) {
    const { product, version } = (await getEditableProduct(database.db, productId))!
    const { FBUID: _id, ...fields } = product
    const parsed = productFormSchema.safeParse({
      ...fields,
      productPrices: fields.productPrices.map((price) => ({ ...price, value: (price.value / 100).toFixed(2) })),
      ...typed,
    })
    if (!parsed.success) return { refused: Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])) }
    const taken = await stockKeepingErrors(database.db, parsed.data, productId)
    if (Object.keys(taken).length > 0) return { refused: taken }
    return { saved: await updateProduct(database.db, productId, version, parsed.data, STAFF) }
  }

  it('keeps a SKU, a barcode typed with spaces and a cost in dollars; refuses a barcode whose check digit is wrong, and a SKU or barcode another product has', async () => {
    const saved = await save('unidrone-e900', { productSku: 'UD-E900', productBarcode: '9 780306 406157', productCostCents: '8,450.00' })
    expect(saved.saved).toMatchObject({ productSku: 'UD-E900', productBarcode: '9780306406157', productCostCents: 845_000 })
    expect(await save('unicam-f1-fpv-camera', { productBarcode: '9780306406158' })).toEqual({
      refused: { productBarcode: 'This barcode’s last digit does not match the others: please check it.' },
    })
    expect(await save('unicam-f1-fpv-camera', { productSku: 'ud-e900' })).toEqual({
      refused: { productSku: 'The SKU ud-e900 is already used by “UniDrone E900”: each product has its own.' },
    })
    expect(await save('unicam-f1-fpv-camera', { productBarcode: '9780306406157' })).toEqual({
      refused: { productBarcode: 'The barcode 9780306406157 is already on “UniDrone E900”: each product has its own.' },
    })
    // Two saves racing for one SKU: the database's index refuses the second, and the form says why.
    const racing = await database.db
      .update(products)
      .set({ productSku: 'UD-E900' })
      .where(eq(products.id, 'unicam-f1-fpv-camera'))
      .catch((error: unknown) => error)
    expect(stockKeepingTaken(racing, { productSku: 'UD-E900' })).toEqual({ productSku: 'The SKU UD-E900 is already taken: each product has its own.' })
  })

  it('never reads the cost for the storefront, nor sends it with a priced cart', async () => {
    await save('unicam-f1-fpv-camera', { productSku: 'UC-F1', productCostCents: '31.40' })
    const shown = await getShownProduct(database.db, 'unicam-f1-fpv-camera')
    expect(shown!.product).toMatchObject({ productSku: 'UC-F1' })
    expect(shown!.product).not.toHaveProperty('productCostCents')
    expect(JSON.stringify(shown)).not.toContain('3140')
  })

  it('the staff list finds a product by its SKU, by a near miss of it, and by its barcode however it is typed', async () => {
    const found = async (q: string) => (await listStaffProducts(database.db, view(`q=${encodeURIComponent(q)}`))).rows.map((row) => row.id)
    expect(await found('ud-e900')).toEqual(['unidrone-e900'])
    expect(await found('UD-E90O')).toContain('unidrone-e900')
    expect(await found('978-0306-406157')).toEqual(['unidrone-e900'])
    expect(await found('UD-Q7')).not.toContain('unidrone-e900')
  })

  it('an order line keeps the SKU and cost it was sold at, and the top products report gives the margin excluding GST', async () => {
    const priced = await priceCart(database.db, [{ FBUID: 'unicam-f1-fpv-camera', productCount: 2 }])
    expect(priced.lines[0]).toMatchObject({ sku: 'UC-F1', unitCostCents: 3_140 })
    const orderId = await paidTestOrder({ db: database.db, mailer, config: parseEnv({}) }, { lines: priced.lines, email: 'margin@example.com' })
    // A later change of cost changes no sale made before it.
    await save('unicam-f1-fpv-camera', { productCostCents: '99.00' })
    const order = (await getOrder(database.db, orderId))!
    expect(order.lines[0]).toMatchObject({ sku: 'UC-F1', unitCostCents: 3_140 })
    const paidAt = (await database.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId)))[0]!.paidAt!
    const [row] = await topProducts(database.db, { from: dayStart('2000-01-01'), until: new Date(paidAt.getTime() + 1) })
    const line = order.lines[0]!
    expect(row).toMatchObject({ productId: 'unicam-f1-fpv-camera', salesCents: line.lineTotalCents })
    expect(row!.marginCents).toBe(line.lineTotalCents - line.gstCents - 2 * 3_140)
  })
})
