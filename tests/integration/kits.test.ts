import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { getShownProduct, listCategoryPage } from '../../app/server/catalog/products.server'
import { documentTimeline, restoreVersion } from '../../app/server/history/history.server'
import { saveKit, VariantsRefusedError } from '../../app/server/catalog/variant-editor.server'
import { taxInvoice } from '../../app/server/checkout/invoice'
import { createPendingOrder, getOrder, priceCart } from '../../app/server/checkout/orders.server'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { paymentProvider } from '../../app/server/checkout/payments/index.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { outbox, products } from '../../app/server/db/schema'
import { parseEnv, shopIdentity, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { refundOrder } from '../../app/server/orders/refunds.server'
import { OutOfStockError } from '../../app/server/stock/stock.server'
import { testDatabaseKinds } from '../support/databases'
import { overlappingDatabase } from '../support/overlapping'

const MINUTE = 60_000

describe.each(testDatabaseKinds())('kits on $name', (kind) => {
  let database: DatabaseHandle
  let mailer: MailService
  let config: Env
  beforeAll(async () => {
    database = await kind.open()
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    config = parseEnv({ PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'demo' })
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
  })

  /** A product named as its id reads ("sold-drone": "Sold Drone"), so that its id is its name's, as a restore checks. */
  async function addProduct(id: string, onHand: number | null, priceCents = 10_000) {
    await database.db.insert(products).values({
      id,
      productName: id.replace(/(^|-)(\w)/g, (_, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`),
      STUPID: `prod_${id.replace(/[^A-Za-z0-9]/g, '')}`,
      productCategory: 'parts-accessories',
      productPrices: [{ value: priceCents, label: 'Price (inc. GST)', description: '' }],
      productStockOnHand: onHand,
    })
  }
  const stockOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await database.db
          .select({ id: products.id, onHand: products.productStockOnHand, reserved: products.stockReserved })
          .from(products)
          .where(inArray(products.id, ids))
      ).map((row) => [row.id, [row.onHand, row.reserved]]),
    )
  const versionOf = async (id: string) => (await database.db.select({ version: products.version }).from(products).where(eq(products.id, id)))[0]!.version

  /** A kit of one drone, two batteries and a case (its stock not tracked), made on the kit screen. */
  async function kit(prefix: string, stock: { drone: number; battery: number }) {
    const [drone, battery, bag, id] = [`${prefix}-drone`, `${prefix}-battery`, `${prefix}-case`, `${prefix}-kit`]
    await addProduct(drone, stock.drone, 1_000_000)
    await addProduct(battery, stock.battery, 100_000)
    await addProduct(bag, null, 50_000)
    await addProduct(id, 7, 1_150_000)
    await saveKit(
      database.db,
      id,
      await versionOf(id),
      [
        { productId: drone, quantity: 1 },
        { productId: battery, quantity: 2 },
        { productId: bag, quantity: 1 },
      ],
      'staff@example.com',
    )
    return { id, drone, battery, bag }
  }

  it('a kit’s stock is what its components allow; selling one holds and takes their units, and a refund with restock gives them back', async () => {
    const made = await kit('sold', { drone: 2, battery: 5 })
    const shown = (await getShownProduct(database.db, made.id))!
    // Its own count (7) is cleared: two drones, five batteries (two a kit) make two kits.
    expect(shown.stock).toEqual({ available: 2, allowBackorder: false, leadTime: '' })
    expect(shown.kit).toEqual([
      { productId: made.drone, productName: 'Sold Drone', quantity: 1 },
      { productId: made.battery, productName: 'Sold Battery', quantity: 2 },
      { productId: made.bag, productName: 'Sold Case', quantity: 1 },
    ])
    const { cards } = await listCategoryPage(database.db, 'parts-accessories', 1)
    expect(cards.find((card) => card.FBUID === made.id)?.stock.available).toBe(2)

    const tooMany = await priceCart(database.db, [{ FBUID: made.id, productCount: 3 }])
    expect(tooMany.problems).toMatchObject([{ kind: 'stock', available: 2 }])
    const priced = await priceCart(database.db, [{ FBUID: made.id, productCount: 1 }])
    expect(priced.problems).toEqual([])
    const order = await createPendingOrder(database.db, {
      lines: priced.lines,
      email: 'kit@example.com',
      userId: null,
      provider: 'demo',
      updatedBy: null,
      reserveUntil: new Date(Date.now() + 35 * MINUTE),
    })
    expect(await stockOf([made.drone, made.battery, made.bag, made.id])).toEqual({
      [made.drone]: [2, 1],
      [made.battery]: [5, 2],
      [made.bag]: [null, 0],
      [made.id]: [null, 0],
    })
    expect(order.lines[0]).toMatchObject({
      productId: made.id,
      reservedQuantity: 0,
      kitComponents: [
        { productId: made.drone, quantity: 1, reserved: 1 },
        { productId: made.battery, quantity: 2, reserved: 2 },
        { productId: made.bag, quantity: 1, reserved: 0 },
      ],
    })

    const deps = { db: database.db, mailer, config }
    await applyPaymentEvent(deps, {
      eventId: `paid-${order.id}`,
      type: 'test.paid',
      orderId: order.id,
      sessionId: null,
      outcome: 'paid',
      paymentReference: 'pi_kit',
      email: 'kit@example.com',
    })
    expect(await stockOf([made.drone, made.battery])).toEqual({ [made.drone]: [1, 0], [made.battery]: [3, 0] })
    const paid = (await getOrder(database.db, order.id))!
    const invoice = taxInvoice(shopIdentity(config), { ...paid, email: 'kit@example.com', issuedAt: paid.paidAt! })
    expect(invoice.rows[0]!.description).toBe('Sold Kit (kit of 1 × Sold Drone, 2 × Sold Battery, 1 × Sold Case)')

    // The order e-mail says what the kit holds, as the invoice does.
    const [confirmation] = await database.db.select().from(outbox).where(eq(outbox.to, 'kit@example.com'))
    expect(confirmation!.text).toContain('1 × Sold Kit (kit of 1 × Sold Drone, 2 × Sold Battery, 1 × Sold Case) — $11,500.00')
    expect(confirmation!.html).toContain('Sold Kit (kit of 1 × Sold Drone, 2 × Sold Battery, 1 × Sold Case)')

    const refund = await refundOrder(
      { ...deps, provider: paymentProvider(config) },
      {
        orderId: order.id,
        requestKey: `refund-${order.id}`,
        request: { lines: [{ position: 0, quantity: 1 }], shipping: false, amountCents: null },
        restock: true,
        reason: 'Changed their mind',
        source: 'staff',
        by: 'ann@example.com',
      },
    )
    expect(refund.ok).toBe(true)
    expect(await stockOf([made.drone, made.battery])).toEqual({ [made.drone]: [2, 0], [made.battery]: [5, 0] })
  })

  it('the kit is sold out when a component is, or when one leaves the shop', async () => {
    const made = await kit('out', { drone: 0, battery: 4 })
    expect((await getShownProduct(database.db, made.id))!.stock.available).toBe(0)
    expect((await priceCart(database.db, [{ FBUID: made.id, productCount: 1 }])).problems).toMatchObject([{ kind: 'stock', available: 0 }])
    const inStock = await listCategoryPage(database.db, 'parts-accessories', { page: 1, sort: 'name', inStock: true, minCents: null, maxCents: null })
    expect(inStock.cards.map((card) => card.FBUID)).not.toContain(made.id)

    await database.db.update(products).set({ productStockOnHand: 3 }).where(eq(products.id, made.drone))
    expect((await getShownProduct(database.db, made.id))!.stock.available).toBe(2)
    await database.db.update(products).set({ productStatus: 'draft' }).where(eq(products.id, made.battery))
    expect((await getShownProduct(database.db, made.id))!.stock.available).toBe(0)
  })

  it('20 buyers racing, kits and single batteries for the same last 6 batteries: never oversold', async () => {
    const made = await kit('race', { drone: 10, battery: 6 })
    const kitLine = await priceCart(database.db, [{ FBUID: made.id, productCount: 1 }])
    const batteryLine = await priceCart(database.db, [{ FBUID: made.battery, productCount: 1 }])
    const BUYERS = 20
    const { db, pool } = await overlappingDatabase(kind, database, BUYERS)
    try {
      const results = await Promise.allSettled(
        Array.from({ length: BUYERS }, (_, buyer) =>
          createPendingOrder(db, {
            lines: (buyer % 2 === 0 ? kitLine : batteryLine).lines,
            email: `racer${buyer}@example.com`,
            userId: null,
            provider: 'stripe',
            updatedBy: null,
            reserveUntil: new Date(Date.now() + 35 * MINUTE),
          }),
        ),
      )
      const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(OutOfStockError)
      const batteriesHeld = placed.reduce((sum, order) => sum + (order.lines[0]!.productId === made.id ? 2 : 1), 0)
      expect(batteriesHeld).toBe(6)
      const kits = placed.filter((order) => order.lines[0]!.productId === made.id).length
      expect(await stockOf([made.battery, made.drone])).toEqual({ [made.battery]: [6, 6], [made.drone]: [10, kits] })
    } finally {
      await pool?.end()
    }
  })

  it('a deleted kit restored from its history comes back with its contents, so it holds its components again', async () => {
    const made = await kit('restored', { drone: 3, battery: 4 })
    await deleteProduct(database.db, made.id, 'ann@example.com')
    const [latest] = (await documentTimeline(database.db, 'products', made.id)).filter((version) => version.action !== 'delete')
    await restoreVersion(database.db, latest!.id, 'ann@example.com')
    expect((await getShownProduct(database.db, made.id))!.stock.available).toBe(2)
  })

  it('restoring an older version of a standing kit makes its contents that version’s, none for a version that was no kit; a component gone since refuses it', async () => {
    const made = await kit('versions', { drone: 3, battery: 4 })
    const [whole] = await documentTimeline(database.db, 'products', made.id)
    await saveKit(database.db, made.id, await versionOf(made.id), [{ productId: made.drone, quantity: 1 }], 'ann@example.com')
    await saveKit(database.db, made.id, await versionOf(made.id), [], 'ann@example.com')
    const [none] = await documentTimeline(database.db, 'products', made.id)
    expect((await getShownProduct(database.db, made.id))!.kit).toEqual([])

    await restoreVersion(database.db, whole!.id, 'bob@example.com')
    const shown = (await getShownProduct(database.db, made.id))!
    expect(shown.kit.map((component) => [component.productId, component.quantity])).toEqual([
      [made.drone, 1],
      [made.battery, 2],
      [made.bag, 1],
    ])
    // Three drones, four batteries (two a kit): two kits, as before.
    expect(shown.stock.available).toBe(2)
    expect((await documentTimeline(database.db, 'products', made.id))[0]).toMatchObject({ action: 'set', document: { restored: true } })

    await restoreVersion(database.db, none!.id, 'bob@example.com')
    expect((await getShownProduct(database.db, made.id))!.kit).toEqual([])

    await deleteProduct(database.db, made.bag, 'ann@example.com')
    await expect(restoreVersion(database.db, whole!.id, 'bob@example.com')).rejects.toThrow(
      'This version cannot be restored: its component versions-case is no longer in the catalogue.',
    )
    expect((await getShownProduct(database.db, made.id))!.kit).toEqual([])
  })

  it('refuses a kit of itself, of another kit, or naming a component twice', async () => {
    const made = await kit('refused', { drone: 1, battery: 2 })
    await addProduct('refused-bundle', null)
    const refusals = [
      [{ productId: made.id, quantity: 1 }],
      [
        { productId: made.drone, quantity: 1 },
        { productId: made.drone, quantity: 2 },
      ],
    ]
    for (const components of refusals)
      await expect(saveKit(database.db, made.id, await versionOf(made.id), components, 'ann@example.com')).rejects.toThrow(VariantsRefusedError)
    await expect(
      saveKit(database.db, 'refused-bundle', await versionOf('refused-bundle'), [{ productId: made.id, quantity: 1 }], 'ann@example.com'),
    ).rejects.toThrow('A kit cannot contain another kit: list its contents instead.')
  })
})
