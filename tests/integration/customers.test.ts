import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '../../app/server/db/auth-schema'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { addresses, contacts, orders } from '../../app/server/db/schema'
import { getCustomer, listCustomers } from '../../app/server/staff/customers.server'
import { testDatabaseKinds } from '../support/databases'

describe.each(testDatabaseKinds())('customers for staff on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
    await database.db.insert(user).values([
      { id: 'u-ann', name: 'Ann Lee', email: 'ann@example.com', emailVerified: true, role: 'customer', createdAt: new Date('2026-01-01T00:00:00Z') },
      { id: 'u-bo', name: 'Bo Ng', email: 'bo@example.com', role: 'customer', createdAt: new Date('2026-02-01T00:00:00Z') },
      { id: 'u-staff', name: 'Sam Staff', email: 'sam@shop.example', role: 'staff' },
    ])
    await database.db.insert(orders).values([
      {
        id: 'UD-ANN-1',
        userId: 'u-ann',
        email: 'ann@example.com',
        status: 'paid',
        totalCents: 10_000,
        gstCents: 909,
        provider: 'demo',
        createdAt: new Date('2026-03-01T00:00:00Z'),
      },
      // Awaiting a payment that can still come: an order, but no money yet.
      {
        id: 'UD-ANN-2',
        userId: 'u-ann',
        email: 'ann@example.com',
        status: 'pending',
        totalCents: 99_000,
        gstCents: 9000,
        provider: 'demo',
        createdAt: new Date('2026-03-02T00:00:00Z'),
        reservedUntil: new Date(Date.now() + 30 * 60_000),
      },
      // Declined cards, hers and as a guest: abandoned checkouts, not orders.
      {
        id: 'UD-ANN-DECLINED',
        userId: 'u-ann',
        email: 'ann@example.com',
        status: 'failed',
        abandonedReason: 'declined',
        totalCents: 77_000,
        gstCents: 7000,
        provider: 'demo',
        createdAt: new Date('2026-03-03T00:00:00Z'),
      },
      {
        id: 'UD-ANN-GUEST-DECLINED',
        userId: null,
        email: 'ann@example.com',
        status: 'failed',
        abandonedReason: 'declined',
        totalCents: 66_000,
        gstCents: 6000,
        provider: 'demo',
        createdAt: new Date('2026-03-04T00:00:00Z'),
      },
      // Placed as a guest with her address, before she had an account.
      {
        id: 'UD-ANN-GUEST',
        userId: null,
        email: 'ANN@example.com',
        status: 'paid',
        totalCents: 5_500,
        gstCents: 500,
        provider: 'demo',
        createdAt: new Date('2025-12-01T00:00:00Z'),
      },
      { id: 'UD-OTHER', userId: null, email: 'someone@example.com', status: 'paid', totalCents: 1_000, gstCents: 91, provider: 'demo' },
      // Bo's address is not verified, so this guest order stays apart from his account; it is still his money.
      { id: 'UD-BO-GUEST', userId: null, email: 'Bo@Example.com', status: 'paid', totalCents: 1_337_700, gstCents: 121_609, provider: 'demo' },
    ])
    await database.db.insert(addresses).values({
      id: 'a1',
      userId: 'u-ann',
      fullName: 'Ann Lee',
      addressLine1: '1 Queen St',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
      isDefault: true,
    })
    await database.db.insert(contacts).values({ id: 'c1', contactName: 'Ann', contactEmail: 'Ann@Example.com', contactMessage: 'Do you ship to Perth?' })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('lists customer accounts (not staff), newest first, with their paid orders and guest ones of their address, and finds them by name or e-mail', async () => {
    const all = await listCustomers(database.db, { q: '', page: 1 })
    expect(all.total).toBe(2)
    // Only money paid counts: not the order awaiting payment, not the declined cards.
    expect(all.rows.map((row) => [row.email, row.orders, row.spentCents])).toEqual([
      ['bo@example.com', 1, 1_337_700],
      ['ann@example.com', 2, 15_500],
    ])
    expect((await listCustomers(database.db, { q: 'LEE', page: 1 })).rows.map((row) => row.id)).toEqual(['u-ann'])
    expect((await listCustomers(database.db, { q: 'sam', page: 1 })).total).toBe(0)
    expect((await listCustomers(database.db, { q: '', page: 2 })).rows).toEqual([])
  })

  it('shows a customer with their orders (guest ones with their address too) and totals, addresses and enquiries; a staff account is not a customer', async () => {
    const ann = await getCustomer(database.db, 'u-ann')
    expect(ann?.account).toMatchObject({ email: 'ann@example.com', emailVerified: true })
    expect(ann?.orders.map((order) => order.id)).toEqual(['UD-ANN-2', 'UD-ANN-1', 'UD-ANN-GUEST'])
    expect(ann?.totals).toEqual({ paidOrders: 2, guestOrders: 1, spentCents: 15_500 })
    expect(ann?.abandonedCheckouts).toBe(2)
    expect((await getCustomer(database.db, 'u-bo'))?.totals).toEqual({ paidOrders: 1, guestOrders: 1, spentCents: 1_337_700 })
    expect(ann?.addresses.map((address) => address.suburb)).toEqual(['Brisbane City'])
    expect(ann?.enquiries.map((enquiry) => enquiry.id)).toEqual(['c1'])
    expect(await getCustomer(database.db, 'u-staff')).toBeNull()
    expect(await getCustomer(database.db, 'nobody')).toBeNull()
  })
})
