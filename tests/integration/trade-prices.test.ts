import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatAud } from '../../app/lib/money'
import { percentOff } from '../../app/lib/trade'
import { priceCart } from '../../app/server/checkout/orders.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, products } from '../../app/server/db/schema'
import { endTradeAccount, getTradeAccount, saveTradeAccount } from '../../app/server/trade/trade-accounts.server'
import { testDatabaseKinds } from '../support/databases'
import { httpShops, signedInCustomer, Visitor, type Answer, type HttpShops } from '../support/http-shop'

/** The demo's UniCam M24 Mapping Camera ($3,299.00) and UniDrone E900 ($12,999.00). */
const CAMERA = 'unicam-m24-mapping-camera'
const DRONE = 'unidrone-e900'
/** 12.5 % off the cameras, and a fixed price for the E900 (an autopilot, whose category has no percentage). */
const PRICE_LIST = { categories: { cameras: 1250 }, products: { [DRONE]: 1_111_111 } }
const STAFF = 'ann@shop.example'

const normalOf = async (database: DatabaseHandle, id: string) =>
  (await database.db.select({ prices: products.productPrices }).from(products).where(eq(products.id, id)))[0]!.prices[0]!.value

describe.each(testDatabaseKinds())('trade prices on $name', (kind) => {
  let database: DatabaseHandle

  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('are what a trade customer’s cart costs: the fixed price before the category’s percentage, rounded to the cent, never to anyone else', async () => {
    const trade = await signedInCustomer(database.db, 'unused-secret', 'buyer@survey.example')
    const other = await signedInCustomer(database.db, 'unused-secret', 'someone@example.com')
    await saveTradeAccount(database.db, {
      userId: trade.userId,
      expectedVersion: null,
      account: { company: 'Survey Co Pty Ltd', abn: '51824753556', terms: null, prices: PRICE_LIST },
      by: STAFF,
    })
    const cameraCents = await normalOf(database, CAMERA)
    const items = [
      { FBUID: CAMERA, productCount: 2 },
      { FBUID: DRONE, productCount: 1 },
      { FBUID: 'unimotor-6215-kv180', productCount: 1 },
    ]

    const priced = await priceCart(database.db, items, { buyerId: trade.userId })
    expect(priced.problems).toEqual([])
    const [camera, drone, motor] = priced.lines
    // 12.5 % off $3,299.00 is $2,886.625: half up to $2,886.63.
    expect(camera).toMatchObject({ unitPriceCents: 288_663, normalUnitPriceCents: cameraCents, lineTotalCents: 577_326, priceId: '' })
    expect(drone).toMatchObject({ unitPriceCents: 1_111_111, normalUnitPriceCents: 1_299_900, lineTotalCents: 1_111_111 })
    expect(motor!.normalUnitPriceCents).toBeUndefined()
    expect(motor!.unitPriceCents).toBe(36_900)
    expect(priced.totals.total).toBe(577_326 + 1_111_111 + 36_900)

    // The price the trade customer was shown is theirs; the normal price shown to them is a change.
    expect((await priceCart(database.db, [{ FBUID: CAMERA, productCount: 1, shownUnitPrice: 288_663 }], { buyerId: trade.userId })).problems).toEqual([])
    expect((await priceCart(database.db, [{ FBUID: CAMERA, productCount: 1, shownUnitPrice: cameraCents }], { buyerId: trade.userId })).problems).toEqual([
      expect.objectContaining({ kind: 'repriced', unitPriceCents: 288_663 }),
    ])
    // Everyone else, signed in or not, pays the normal price.
    for (const buyerId of [other.userId, null, undefined]) {
      const normal = await priceCart(database.db, items, { buyerId })
      expect(normal.lines.map((line) => line.unitPriceCents)).toEqual([cameraCents, 1_299_900, 36_900])
    }
  })

  it('are kept with their account’s history, follow a renamed product, and end with the account', async () => {
    const customer = await signedInCustomer(database.db, 'unused-secret', 'rename@survey.example')
    await saveTradeAccount(database.db, {
      userId: customer.userId,
      expectedVersion: null,
      account: {
        company: 'Rename Co',
        abn: '51824753556',
        terms: { paymentDays: 30, creditLimitCents: 500_000 },
        prices: { categories: {}, products: { 'unimotor-4114-kv400': 15_000 } },
      },
      by: STAFF,
    })
    // A second member of staff saving from the version they opened before the first save is refused.
    await expect(
      saveTradeAccount(database.db, {
        userId: customer.userId,
        expectedVersion: null,
        account: { company: 'Someone else', abn: '51824753556', terms: null, prices: { categories: {}, products: {} } },
        by: 'bob@shop.example',
      }),
    ).rejects.toThrow('Someone else changed this trade account')

    const editable = (await getEditableProduct(database.db, 'unimotor-4114-kv400'))!
    await updateProduct(database.db, 'unimotor-4114-kv400', editable.version, { ...editable.product, productName: 'UniMotor 4114 KV420' }, STAFF)
    const moved = (await getTradeAccount(database.db, customer.userId))!
    expect(moved.prices.products).toEqual({ 'unimotor-4114-kv420': 15_000 })
    expect((await priceCart(database.db, [{ FBUID: 'unimotor-4114-kv420', productCount: 1 }], { buyerId: customer.userId })).lines[0]!.unitPriceCents).toBe(
      15_000,
    )

    await endTradeAccount(database.db, { userId: customer.userId, expectedVersion: moved.version, by: STAFF })
    expect(await getTradeAccount(database.db, customer.userId)).toBeNull()
    expect((await priceCart(database.db, [{ FBUID: 'unimotor-4114-kv420', productCount: 1 }], { buyerId: customer.userId })).lines[0]!.unitPriceCents).toBe(
      16_900,
    )
    const rows = await database.db.select().from(history).where(eq(history.documentId, customer.userId))
    expect(rows.map((row) => [row.collection, row.action, row.updatedBy])).toEqual([
      ['trade-accounts', 'create', STAFF],
      ['trade-accounts', 'update', STAFF],
      ['trade-accounts', 'delete', STAFF],
    ])
    expect(rows[0]!.document).toMatchObject({ company: 'Rename Co', paymentDays: 30, creditLimitCents: 500_000, products: { 'unimotor-4114-kv400': 15_000 } })
    expect(rows[1]!.document.note).toBe('The fixed price of unimotor-4114-kv400 moved with the product to unimotor-4114-kv420')
  })
})

/**
 * The page cache keeps catalogue pages for everyone, signed-in customers included (decision 031): a
 * trade customer's pages, with their prices, must never be kept nor served to anyone else. Visitors
 * of every kind ask for the same pages at once, over and over, through the shop's real HTTP app,
 * while the catalogue changes under them so that kept pages are retired and rendered again.
 */
describe.each(testDatabaseKinds())('pages with trade prices, asked for at once by everyone, on $name', (kind) => {
  let database: DatabaseHandle
  let shops: HttpShops
  let origin: string
  let secret: string
  let tradeCookie: string
  let customerCookie: string

  beforeAll(async () => {
    shops = await httpShops()
    database = await kind.open()
    await seedCatalog(database.db)
    const shop = await shops.start(database)
    origin = shop.url
    secret = shop.secret
    const trade = await signedInCustomer(database.db, secret, 'buyer@survey.example')
    const customer = await signedInCustomer(database.db, secret, 'retail@example.com')
    tradeCookie = trade.cookie
    customerCookie = customer.cookie
    await saveTradeAccount(database.db, {
      userId: trade.userId,
      expectedVersion: null,
      account: { company: 'Survey Co Pty Ltd', abn: '51824753556', terms: { paymentDays: 30, creditLimitCents: 1_000_000 }, prices: PRICE_LIST },
      by: STAFF,
    })
  }, 180_000)
  afterAll(async () => {
    await shops?.close()
    await database?.close()
  })

  it('reach the trade customer every time and nobody else ever', async () => {
    const cameraCents = await normalOf(database, CAMERA)
    const tradeCamera = formatAud(percentOff(cameraCents, 1250))
    const tradeDrone = formatAud(1_111_111)
    expect(tradeCamera).toBe('$2,886.63')
    // A page shows dollars; its data request (`.data`, a client-side navigation) carries cents.
    const cameraMarks = [tradeCamera, String(percentOff(cameraCents, 1250))]
    const droneMarks = [tradeDrone, '1111111']
    const leaked = (answer: Answer) => [...cameraMarks, ...droneMarks, 'Your trade price'].some((mark) => answer.text.includes(mark))

    const anonymous = new Visitor(origin)
    const customer = new Visitor(origin, customerCookie)
    // A mark forged by hand grants nothing: without a session, or on a customer's session.
    const forgedMark = new Visitor(origin, 'shop_signed_in=trade')
    const customerForgingTrade = new Visitor(origin, `${customerCookie}; shop_signed_in=trade`)
    const trade = new Visitor(origin, tradeCookie)

    const pages = [`/product/${CAMERA}`, `/product/${DRONE}`, '/products/cameras', '/search?q=unicam', `/product/${CAMERA}.data`]
    // Before anyone signed in as trade has asked: the pages kept for everyone show the normal prices only.
    for (const page of pages) expect(leaked(await anonymous.get(page)), page).toBe(false)

    const others = [anonymous, customer, forgedMark, customerForgingTrade]
    const tradeAnswers: { page: string; answer: Answer }[] = []
    const otherAnswers: { page: string; answer: Answer }[] = []
    for (let round = 0; round < 24; round++) {
      // Every few rounds a product is saved: the kept pages are retired, and the next asks render again side by side.
      if (round % 6 === 3) {
        const editable = (await getEditableProduct(database.db, 'unicam-f1-fpv-camera'))!
        await updateProduct(database.db, 'unicam-f1-fpv-camera', editable.version, { ...editable.product, productStockOnHand: 40 + round }, STAFF)
      }
      const asks = pages.flatMap((page) => [
        trade.get(page).then((answer) => tradeAnswers.push({ page, answer })),
        ...others.map((visitor) => visitor.get(page).then((answer) => otherAnswers.push({ page, answer }))),
        trade.get(page, { 'accept-encoding': 'br' }).then((answer) => tradeAnswers.push({ page, answer })),
      ])
      await Promise.all(asks)
    }

    expect(otherAnswers.length).toBe(24 * pages.length * others.length)
    for (const { page, answer } of otherAnswers) {
      expect(answer.status, page).toBe(200)
      expect(leaked(answer), `${page} answered to another visitor with a trade price`).toBe(false)
    }
    expect(otherAnswers.filter(({ answer }) => answer.headers.get('x-cache') === 'HIT').length, 'the others were served kept pages').toBeGreaterThan(0)

    expect(tradeAnswers.length).toBe(24 * pages.length * 2)
    for (const { page, answer } of tradeAnswers) {
      expect(answer.status, page).toBe(200)
      const expected = page.includes(DRONE) ? droneMarks : cameraMarks
      expect(
        expected.some((mark) => answer.text.includes(mark)),
        `${page} answered to the trade customer without their price`,
      ).toBe(true)
      expect(answer.headers.get('cache-control'), page).toBe('private, no-store')
      expect(answer.headers.get('x-cache'), page).toBeNull()
    }
    // The first answer to the trade customer put their mark right: their pages are never looked for in the cache.
    expect(trade.jar.get('shop_signed_in')).toBe('trade')
    expect(customer.jar.get('shop_signed_in')).toBe('customer')
    expect(customerForgingTrade.jar.get('shop_signed_in')).toBe('customer')
    expect(forgedMark.jar.has('shop_signed_in')).toBe(false)

    // What the cache holds now is the page for everyone.
    for (const page of pages.slice(0, 4)) {
      const kept = await new Visitor(origin).get(page)
      expect(leaked(kept), page).toBe(false)
      expect(kept.text).toContain(page.includes(DRONE) ? '$12,999.00' : formatAud(cameraCents))
    }
  }, 240_000)
})
