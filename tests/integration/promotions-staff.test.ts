import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, dayStart, shopDay } from '../../app/lib/reports/periods'
import { NEW_PROMOTION, type PromotionFormValues } from '../../app/lib/schemas/promotion'
import { getOrder, type PricedLine } from '../../app/server/checkout/orders.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { history, products, promotions, shippingMethods } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { exportDocuments } from '../../app/server/migration/export.server'
import type { MigrationCollection } from '../../app/server/migration/format'
import { applyImport, dryRunImport } from '../../app/server/migration/import.server'
import type { DiscountToRecord } from '../../app/server/promotions/pricing.server'
import {
  deletePromotion,
  getPromotion,
  listPromotions,
  PromotionRefusedError,
  setPromotionActive,
  StalePromotionError,
} from '../../app/server/promotions/promotions.server'
import { savePromotionForm } from '../../app/server/promotions/staff-form.server'
import { discountTotals, promotionFigures } from '../../app/server/reports/promotions.server'
import { testDatabaseKinds } from '../support/databases'
import { paidTestOrder, testDelivery, testProductRow } from '../support/orders'

const ANN = 'ann@shop.example'
const BOB = 'bob@shop.example'

/** The staff form as the browser sends it: text fields, ticked categories, numbered product and kit rows. */
function formOf(values: PromotionFormValues, version: number | null = null): FormData {
  const form = new FormData()
  const { categories, products: chosen, kit, combinesWithOffers, active, ...text } = values
  for (const [name, value] of Object.entries(text)) form.set(name, value)
  for (const category of categories) form.append('category', category)
  chosen.forEach((id, index) => form.set(`product-${index}`, id))
  kit.forEach((row, index) => {
    form.set(`kitProduct-${index}`, row.productId)
    form.set(`kitQuantity-${index}`, row.quantity)
  })
  if (combinesWithOffers) form.set('combinesWithOffers', 'on')
  if (active) form.set('active', 'on')
  form.set('version', version === null ? '' : String(version))
  return form
}

const today = () => shopDay(new Date())

/** BLACKFRIDAY as staff type it: 15 % off cameras, 100 uses, one each, its last day a week from today. */
const blackFriday = (): PromotionFormValues => ({
  ...NEW_PROMOTION,
  kind: 'code',
  code: 'blackfriday',
  name: '15 % off cameras',
  benefit: 'percent',
  percent: '15',
  target: 'items',
  categories: ['cameras'],
  lastDay: addDays(today(), 7),
  usageLimit: '100',
  perCustomerLimit: '1',
})

const line = (productId: string, unitPriceCents: number, quantity: number, discountCents = 0): PricedLine => {
  const lineTotalCents = unitPriceCents * quantity - discountCents
  return {
    productId,
    productName: `Test ${productId}`,
    image: '',
    priceId: '',
    unitPriceCents,
    quantity,
    lineTotalCents,
    discountCents,
    gstCents: Math.round(lineTotalCents / 11),
    weightGrams: 100,
    containsLithium: false,
  }
}

describe.each(testDatabaseKinds())('promotions on the staff screens, in reports and in exports, on $name', (kind) => {
  let database: DatabaseHandle
  let mailer: MailService
  let deps: { db: Database; mailer: MailService; config: Env }
  let buyers = 0

  beforeAll(async () => {
    database = await kind.open()
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = { db: database.db, mailer, config: parseEnv({ PUBLIC_URL: 'https://shop.example' }) }
    await database.db
      .insert(products)
      .values([
        testProductRow('unicam-f1', 10, 100_000, { category: 'cameras', name: 'UniCam F1' }),
        testProductRow('unidrone-e900', 5, 1_299_900, { category: 'autopilots', name: 'UniDrone E900' }),
        testProductRow('unicell-battery', 20, 89_900, { category: 'parts-accessories', name: 'UniCell battery' }),
      ])
    await database.db.insert(shippingMethods).values([
      { id: 'standard', name: 'Standard', kind: 'delivery', priceCents: 1500, position: 0 },
      { id: 'express', name: 'Express', kind: 'delivery', priceCents: 2500, position: 1 },
    ])
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
  })

  async function create(values: PromotionFormValues, by = ANN) {
    const result = await savePromotionForm(database.db, formOf(values), null, by)
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`)
    return (await getPromotion(database.db, result.id))!
  }

  const historyOf = (id: string) =>
    database.db
      .select({ action: history.action, by: history.updatedBy, document: history.document })
      .from(history)
      .where(and(eq(history.collection, 'promotions'), eq(history.documentId, id)))
      .orderBy(asc(history.id))

  /** An order placed with these discounts (claimed as a checkout claims them), and paid unless told otherwise. */
  async function discountedOrder(input: {
    lines: PricedLine[]
    discounts: DiscountToRecord[]
    shippingCents?: number
    shippingDiscountCents?: number
    paid?: boolean
  }) {
    return paidTestOrder(deps, {
      lines: input.lines,
      email: `buyer-${++buyers}@example.com`,
      delivery: testDelivery({ shippingCents: input.shippingCents ?? 0, shippingDiscountCents: input.shippingDiscountCents ?? 0 }),
      discounts: input.discounts,
      paid: input.paid,
    })
  }

  it('staff create a code and change it, each save with its history row; the code is stored upper-cased and is unique whatever its case', async () => {
    const created = await create(blackFriday())
    expect(created).toMatchObject({
      kind: 'code',
      code: 'BLACKFRIDAY',
      name: '15 % off cameras',
      benefit: 'percent',
      percentBp: 1500,
      categories: ['cameras'],
      productIds: [],
      usageLimit: 100,
      perCustomerLimit: 1,
      startsAt: null,
      endsAt: dayStart(addDays(today(), 8)),
      active: true,
      version: 1,
    })
    expect(created.id).toMatch(/^PR-[A-Z2-9]{8}$/)

    const changed = await savePromotionForm(database.db, formOf({ ...blackFriday(), percent: '20', name: '20 % off cameras' }, 1), created.id, BOB)
    expect(changed).toEqual({ ok: true, id: created.id })
    expect(await getPromotion(database.db, created.id)).toMatchObject({ percentBp: 2000, name: '20 % off cameras', version: 2 })
    expect((await historyOf(created.id)).map((row) => [row.action, row.by, row.document.code, row.document.percentBp, row.document.name])).toEqual([
      ['create', ANN, 'BLACKFRIDAY', 1500, '15 % off cameras'],
      ['update', BOB, 'BLACKFRIDAY', 2000, '20 % off cameras'],
    ])

    // Another promotion with the same code in other letters is refused in words, keeping what was typed.
    const clash = await savePromotionForm(database.db, formOf({ ...blackFriday(), code: 'BlackFriday', name: 'Another' }), null, ANN)
    expect(clash).toMatchObject({
      ok: false,
      status: 409,
      errors: { code: 'The code BLACKFRIDAY is already used by “20 % off cameras”. Codes are unique whatever their case: choose another.' },
      values: { code: 'BlackFriday', name: 'Another', percent: '15' },
    })
    // A product that is not there, and a bad percentage: refused with the field's message (400 for what was typed wrong).
    const unknown = await savePromotionForm(database.db, formOf({ ...blackFriday(), code: 'NEWCAM', categories: [], products: ['no-such-drone'] }), null, ANN)
    expect(unknown).toMatchObject({ ok: false, status: 409, errors: { products: 'No product has the id “no-such-drone”.' } })
    const bad = await savePromotionForm(database.db, formOf({ ...blackFriday(), code: 'NEWCAM', percent: '150' }), null, ANN)
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      errors: { percent: 'Enter a percentage from 0.01 to 100, such as 15 or 12.5.' },
      values: { percent: '150' },
    })
    expect(await database.db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, 'NEWCAM'))).toEqual([])
  })

  it('two staff saving the same promotion from the same screen at once: one save stands, the other is told and keeps its typing', async () => {
    const { id, version } = await create({ ...blackFriday(), code: 'WINTER', name: 'Winter sale' })
    const [ann, bob] = await Promise.all([
      savePromotionForm(database.db, formOf({ ...blackFriday(), code: 'WINTER', name: 'Winter sale', percent: '10' }, version), id, ANN),
      savePromotionForm(database.db, formOf({ ...blackFriday(), code: 'WINTER', name: 'Winter sale', percent: '25' }, version), id, BOB),
    ])
    expect([ann.ok, bob.ok].sort()).toEqual([false, true])
    const refused = [ann, bob].find((result) => !result.ok)!
    expect(refused).toMatchObject({
      status: 409,
      message: 'Someone else changed this promotion after you opened it. Reload to see their change; your edits are still in the form.',
      values: { percent: refused === ann ? '10' : '25' },
    })
    expect((await getPromotion(database.db, id))!).toMatchObject({ percentBp: ann.ok ? 1000 : 2500, version: version + 1 })
    expect((await historyOf(id)).map((row) => row.action)).toEqual(['create', 'update'])
    // Pausing from the screen opened before the save is refused too.
    await expect(setPromotionActive(database.db, { id, expectedVersion: version, active: false, by: ANN })).rejects.toBeInstanceOf(StalePromotionError)
  })

  it('pauses and resumes with history; deletes a promotion no order names, never one an order does', async () => {
    const unused = await create({ ...blackFriday(), code: 'TYPO', name: 'Typo' })
    const paused = await setPromotionActive(database.db, { id: unused.id, expectedVersion: 1, active: false, by: ANN })
    expect(paused).toMatchObject({ active: false, version: 2 })
    expect((await listPromotions(database.db)).find((listed) => listed.promotion.id === unused.id)).toMatchObject({ promotion: { active: false }, uses: 0 })
    await deletePromotion(database.db, { id: unused.id, expectedVersion: 2, by: ANN })
    expect(await getPromotion(database.db, unused.id)).toBeNull()
    expect((await historyOf(unused.id)).map((row) => [row.action, row.document.active])).toEqual([
      ['create', true],
      ['update', false],
      ['delete', false],
    ])

    const used = await create({ ...blackFriday(), code: 'USED', name: 'Used once', target: 'order', categories: [] })
    await discountedOrder({
      lines: [line('unicam-f1', 100_000, 1, 15_000)],
      discounts: [{ promotionId: used.id, kind: 'code', code: 'USED', label: 'Code USED', amountCents: 15_000, shippingCents: 0 }],
      paid: false,
    })
    await expect(deletePromotion(database.db, { id: used.id, expectedVersion: 1, by: ANN })).rejects.toThrow(
      new PromotionRefusedError('Orders were placed with this promotion, so it stays: pause it instead.'),
    )
    expect(await getPromotion(database.db, used.id)).not.toBeNull()
  })

  it('reports the period’s sales before and after discounts, and per code and offer its orders, discount, net sales, uses and uses left', async () => {
    const range = { from: dayStart(today()), until: dayStart(addDays(today(), 1)) }
    const before = await discountTotals(database.db, range)
    const spring = await create({
      ...blackFriday(),
      code: 'SPRING10',
      name: '10 % off',
      percent: '10',
      target: 'order',
      categories: [],
      usageLimit: '5',
      perCustomerLimit: '',
    })
    const shipping = await create({
      ...NEW_PROMOTION,
      kind: 'offer',
      code: '',
      name: 'Free shipping over $100',
      benefit: 'free-shipping',
      target: 'order',
      minSpend: '100',
    })
    const code = (amountCents: number): DiscountToRecord => ({
      promotionId: spring.id,
      kind: 'code',
      code: 'SPRING10',
      label: 'Code SPRING10',
      amountCents,
      shippingCents: 0,
    })

    // A: $1,000 camera, 10 % off, $15 shipping: $915 paid.
    await discountedOrder({ lines: [line('unicam-f1', 100_000, 1, 10_000)], discounts: [code(10_000)], shippingCents: 1500 })
    // B: two batteries ($1,798), 10 % off, and the $15 shipping free by the offer: $1,618.20 paid.
    const b = await discountedOrder({
      lines: [line('unicell-battery', 89_900, 2, 17_980)],
      discounts: [{ promotionId: shipping.id, kind: 'offer', code: null, label: shipping.name, amountCents: 1500, shippingCents: 1500 }, code(17_980)],
      shippingCents: 0,
      shippingDiscountCents: 1500,
    })
    // C: placed with the code and not paid yet: a use, not a sale.
    await discountedOrder({ lines: [line('unicam-f1', 100_000, 1, 10_000)], discounts: [code(10_000)], paid: false })
    // D: a sale without any discount.
    await discountedOrder({ lines: [line('unicam-f1', 100_000, 1)], discounts: [] })

    const order = (await getOrder(database.db, b))!
    expect(order).toMatchObject({ status: 'paid', totalCents: 161_820, discountCents: 19_480, shippingDiscountCents: 1500, shippingCents: 0 })
    expect(order.discounts.map((discount) => [discount.position, discount.label, discount.amountCents])).toEqual([
      [0, 'Free shipping over $100', 1500],
      [1, 'Code SPRING10', 17_980],
    ])

    const after = await discountTotals(database.db, range)
    expect({
      orders: after.orders - before.orders,
      discountedOrders: after.discountedOrders - before.discountedOrders,
      netCents: after.netCents - before.netCents,
      discountCents: after.discountCents - before.discountCents,
      grossCents: after.grossCents - before.grossCents,
    }).toEqual({ orders: 3, discountedOrders: 2, netCents: 91_500 + 161_820 + 100_000, discountCents: 10_000 + 19_480, grossCents: 382_800 })
    expect(after.grossCents).toBe(after.netCents + after.discountCents)

    const figures = await promotionFigures(database.db, range)
    expect(figures.find((row) => row.promotionId === spring.id)).toEqual({
      promotionId: spring.id,
      kind: 'code',
      code: 'SPRING10',
      name: '10 % off',
      orders: 2,
      discountCents: 27_980,
      netSalesCents: 91_500 + 161_820,
      // A, B and the unpaid C hold a use each: 2 of 5 left.
      uses: 3,
      usesLeft: 2,
    })
    expect(figures.find((row) => row.promotionId === shipping.id)).toEqual({
      promotionId: shipping.id,
      kind: 'offer',
      code: null,
      name: 'Free shipping over $100',
      orders: 1,
      discountCents: 1500,
      netSalesCents: 161_820,
      uses: 1,
      usesLeft: null,
    })
    // Another day's figures do not have them.
    const yesterday = { from: dayStart(addDays(today(), -1)), until: range.from }
    expect((await promotionFigures(database.db, yesterday)).map((row) => row.promotionId)).not.toContain(spring.id)
  })

  it('exports promotions and orders with their discounts, and imports them into another shop: promotions first, as an order names its promotion', async () => {
    const collect = async (db: Database, collection: MigrationCollection) => {
      const entries = []
      for await (const entry of exportDocuments(db, collection)) entries.push(entry)
      return entries
    }
    async function* entriesOf(entries: { id: string; document: Record<string, unknown> }[]) {
      yield* entries
    }
    const promotionFile = await collect(database.db, 'promotions')
    const orderFile = await collect(database.db, 'orders')
    const spring = promotionFile.find((entry) => entry.document.code === 'SPRING10')!
    expect(spring.document).toMatchObject({
      FBUID: spring.id,
      kind: 'code',
      percentBp: 1000,
      usageLimit: 5,
      categories: [],
      kit: [],
      endsAt: expect.any(String),
    })
    const discounted = orderFile.find((entry) => (entry.document.discounts as unknown[]).length === 2)!
    expect(discounted.document).toMatchObject({
      discountCents: 19_480,
      shippingDiscountCents: 1500,
      discounts: [
        { position: 0, kind: 'offer', code: null, amountCents: 1500, shippingCents: 1500 },
        { position: 1, kind: 'code', code: 'SPRING10', promotionId: spring.id, amountCents: 17_980, shippingCents: 0 },
      ],
    })

    // Imported back into the same shop, nothing differs.
    const same = await dryRunImport(database.db, 'promotions', entriesOf(promotionFile), { updatedBy: ANN })
    expect(same.counts).toEqual({ create: 0, update: 0, unchanged: promotionFile.length, rejected: 0 })
    expect((await dryRunImport(database.db, 'orders', entriesOf(orderFile), { updatedBy: ANN })).counts.unchanged).toBe(orderFile.length)

    const other = await kind.open()
    try {
      // Orders before their promotions: each order with a discount is refused, saying why, and nothing is written.
      const early = await applyImport(other.db, 'orders', entriesOf(orderFile), { updatedBy: ANN })
      expect(early.applied).toBe(false)
      expect(early.report.rejected).toContainEqual({
        id: discounted.id,
        reason: `Its discounts name the promotions ${[...new Set((discounted.document.discounts as { promotionId: string }[]).map((discount) => discount.promotionId))].join(', ')}, which are not stored: import the promotions collection first.`,
      })

      expect((await applyImport(other.db, 'promotions', entriesOf(promotionFile), { updatedBy: ANN })).applied).toBe(true)
      const imported = await applyImport(other.db, 'orders', entriesOf(orderFile), { updatedBy: ANN })
      expect(imported.applied).toBe(true)
      expect(imported.report.counts.create).toBe(orderFile.length)
      // The same documents come out of the other shop, and its codes count the orders' uses.
      expect(await collect(other.db, 'promotions')).toEqual(promotionFile)
      expect(await collect(other.db, 'orders')).toEqual(orderFile)
      expect((await listPromotions(other.db)).find((listed) => listed.promotion.code === 'SPRING10')).toMatchObject({ uses: 3 })
      const [row] = await other.db
        .select()
        .from(history)
        .where(and(eq(history.collection, 'orders'), eq(history.documentId, discounted.id)))
      expect(row!.document.discounts).toHaveLength(2)
    } finally {
      await other.close()
    }
  })

  it('refuses an imported order whose discounts do not add up, and a promotion whose code another has', async () => {
    const orderFile = []
    for await (const entry of exportDocuments(database.db, 'orders')) orderFile.push(entry)
    const discounted = orderFile.find((entry) => (entry.document.discounts as unknown[]).length === 2)!
    const broken = { ...discounted.document, discountCents: 19_000 }
    async function* one(id: string, document: Record<string, unknown>) {
      yield { id, document }
    }
    const report = await dryRunImport(database.db, 'orders', one(discounted.id, broken), { updatedBy: ANN })
    expect(report.rejected).toEqual([
      {
        id: discounted.id,
        reason:
          'discountCents: The discount is not the sum of the discounts’ amounts.; discountCents: The discount is not the lines’ discounts and the shipping discount together.',
      },
    ])
    const copy = await dryRunImport(database.db, 'promotions', one('PR-COPY', { kind: 'code', code: 'spring10', name: 'Copy', benefit: 'free-shipping' }), {
      updatedBy: ANN,
    })
    expect(copy.rejected).toEqual([
      { id: 'PR-COPY', reason: expect.stringMatching(/^The code SPRING10 is the promotion PR-[A-Z2-9]{8}'s: codes are unique\.$/) },
    ])
  })
})
