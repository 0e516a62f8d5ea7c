import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProduct } from '../../app/server/catalog/products.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { contacts, orders, returns } from '../../app/server/db/schema'
import { readDashboard } from '../../app/server/staff/dashboard.server'
import { demoProducts } from '../../db/seed/catalog'
import { testDatabaseKinds } from '../support/databases'

/** Wednesday 25 November 2026, noon in Brisbane (UTC+10, no daylight saving). */
const NOW = new Date('2026-11-25T02:00:00Z')
const brisbane = (text: string) => new Date(`${text}+10:00`)

describe.each(testDatabaseKinds())('the staff dashboard on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })

  it('starts at nothing', async () => {
    expect(await readDashboard(database.db, NOW)).toEqual({
      today: { orders: 0, salesCents: 0 },
      week: { orders: 0, salesCents: 0 },
      toPack: 0,
      returns: 0,
      enquiries: 0,
      lowStock: 0,
      owing: { invoices: 0, owingCents: 0, overdue: 0, overdueCents: 0 },
    })
  })

  it('counts today’s and this week’s paid orders by Brisbane days, what waits to be packed, open returns, new enquiries and low stock', async () => {
    const order = (id: string, paidAt: Date | null, totalCents: number, extra: Partial<typeof orders.$inferInsert> = {}) =>
      database.db
        .insert(orders)
        .values({ id, status: paidAt ? 'paid' : 'pending', paidAt, totalCents, gstCents: Math.round(totalCents / 11), provider: 'demo', ...extra })
    await order('UD-TODAY-1', brisbane('2026-11-25T00:30:00'), 11_000)
    await order('UD-TODAY-2', brisbane('2026-11-25T09:15:00'), 5_500, { fulfilment: 'packed' })
    // Monday of this week counts for the week; the Sunday before it, a minute before midnight in Brisbane, does not.
    await order('UD-MONDAY', brisbane('2026-11-23T08:00:00'), 22_000, { fulfilment: 'shipped' })
    await order('UD-SUNDAY', brisbane('2026-11-22T23:59:00'), 99_000, { fulfilment: 'delivered' })
    await order('UD-PENDING', null, 1_000)
    await database.db.insert(returns).values({ id: 'UD-MONDAY-RT1', orderId: 'UD-MONDAY', status: 'requested', reason: 'faulty', requestedBy: 'customer' })
    await database.db
      .insert(returns)
      .values({ id: 'UD-SUNDAY-RT1', orderId: 'UD-SUNDAY', status: 'refunded', reason: 'change-of-mind', requestedBy: 'customer' })
    await database.db.insert(contacts).values([
      {
        id: 'enquiry-new',
        contactName: 'Ann Lee',
        contactEmail: 'ann@example.com',
        contactMessage: 'Do you ship to Perth?',
        createdAt: brisbane('2026-11-24T10:00:00'),
      },
      { id: 'enquiry-answered', contactName: 'Bo Ng', contactEmail: 'bo@example.com', contactMessage: 'Answered', status: 'answered' },
      { id: 'enquiry-closed', contactName: 'Cy Ho', contactEmail: 'cy@example.com', contactMessage: 'Closed', status: 'closed' },
    ])
    await createProduct(
      database.db,
      { ...demoProducts[0]!, productName: 'Dashboard Low Stock Part', productStockOnHand: 2, productLowStockThreshold: 3 },
      'test',
    )

    expect(await readDashboard(database.db, NOW)).toEqual({
      today: { orders: 2, salesCents: 16_500 },
      week: { orders: 3, salesCents: 38_500 },
      // Paid and not yet packed: only the first of today's (the pending one is not paid).
      toPack: 1,
      returns: 1,
      enquiries: 1,
      lowStock: 1,
      owing: { invoices: 0, owingCents: 0, overdue: 0, overdueCents: 0 },
    })
  })
})
