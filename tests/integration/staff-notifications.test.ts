import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, like } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as notificationsAction, loader as notificationsLoader } from '../../app/routes/staff/settings.notifications'
import type { SessionUser } from '../../app/server/auth/session-reader.server'
import { openPglite, type Database, type DatabaseHandle } from '../../app/server/db/client.server'
import { history, outbox, profiles, user } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { syncProfileFromUser } from '../../app/server/profiles/profiles.server'
import { getNoticeChoices } from '../../app/server/reports/staff-notices.server'
import { testDatabaseKinds } from '../support/databases'
import { paidTestOrder } from '../support/orders'
import { routeContext } from '../support/route-context'

const LINE = {
  productId: 'prop',
  productName: 'UniProp Carbon Propeller Pair',
  image: '',
  priceId: '',
  unitPriceCents: 18_900,
  quantity: 1,
  lineTotalCents: 18_900,
  gstCents: 1_718,
  weightGrams: 180,
  containsLithium: false,
}

const sessionOf = (id: string, email: string, role: 'staff' | 'customer'): SessionUser => ({
  id,
  email,
  name: email,
  role,
  emailVerified: true,
  twoFactorEnabled: role === 'staff',
  secondFactorPassed: role === 'staff',
})

describe.each(testDatabaseKinds())('staff notifications on $name', (kind) => {
  let database: DatabaseHandle
  let deps: { db: Database; mailer: MailService; config: Env }

  async function person(email: string, role: 'staff' | 'customer') {
    const id = `user-${email}`
    await database.db.insert(user).values({ id, name: email, email, emailVerified: true, role })
    await syncProfileFromUser(database.db, { id, email, name: email })
    return id
  }

  async function paidOrder() {
    const orderId = await paidTestOrder(deps, { lines: [LINE], email: 'buyer@example.com' })
    const mails = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `New order ${orderId}%`))
    return mails
  }

  beforeAll(async () => {
    database = await kind.open()
    deps = {
      db: database.db,
      mailer: createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 }),
      config: parseEnv({ PUBLIC_URL: 'https://shop.example' }),
    }
  })
  afterAll(async () => {
    await deps.mailer.stop()
    await database.close()
  })

  it('e-mails each new paid order to staff who chose nothing, and stops once they turn it off on the Notifications screen', async () => {
    const dee = await person('dee@shop.example', 'staff')
    await person('cus@example.com', 'customer')
    expect(await getNoticeChoices(database.db, dee)).toEqual({ newOrders: true, lowStock: false })

    const first = await paidOrder()
    expect(first.map((mail) => mail.to)).toEqual(['dee@shop.example'])
    expect(first[0]!.text).toContain('https://shop.example/settings/notifications')

    // The screen shows the choice, and saving it unticked turns the e-mail off, with its history row.
    const context = routeContext(database, deps.config, deps.mailer, { sessions: async () => sessionOf(dee, 'dee@shop.example', 'staff') })
    const shown = await notificationsLoader({ request: new Request('http://localhost/settings/notifications'), params: {}, context } as never)
    expect(shown).toMatchObject({ email: 'dee@shop.example', notices: { newOrders: true, lowStock: false } })
    const post = (fields: Record<string, string>, asWho = context) =>
      notificationsAction({
        request: new Request('http://localhost/settings/notifications', { method: 'POST', body: new URLSearchParams(fields) }),
        params: {},
        context: asWho,
      } as never)
    const saved = await post({ intent: 'notices', lowStock: 'on' })
    expect(saved).toEqual({ saved: true, message: 'Saved your e-mail choices.' })
    expect(await getNoticeChoices(database.db, dee)).toEqual({ newOrders: false, lowStock: true })
    const rows = await database.db.select({ updatedBy: history.updatedBy }).from(history).where(eq(history.documentId, dee))
    expect(rows.at(-1)).toEqual({ updatedBy: 'dee@shop.example' })
    expect(await paidOrder()).toEqual([])

    // A post that is not the choices form changes nothing and says so with a 400.
    const stray = (await post({ newOrders: 'on' })) as { data: { saved: boolean; message: string }; init: ResponseInit }
    expect(stray.init.status).toBe(400)
    expect(stray.data.saved).toBe(false)
    expect(await getNoticeChoices(database.db, dee)).toEqual({ newOrders: false, lowStock: true })
    // A customer cannot save staff choices.
    const customer = routeContext(database, deps.config, deps.mailer, {
      sessions: async () => sessionOf('user-cus@example.com', 'cus@example.com', 'customer'),
    })
    await expect(post({ intent: 'notices', newOrders: 'on' }, customer)).rejects.toMatchObject({ init: { status: 403 } })
  })
})

describe('the migration that turns new-order e-mails on', () => {
  let folder: string
  let database: DatabaseHandle & { pglite: PGlite }

  beforeAll(async () => {
    // The migrations as they stood before it, in a folder of their own.
    folder = await mkdtemp(path.join(tmpdir(), 'shop-migrations-'))
    await cp('drizzle', folder, { recursive: true })
    const journalPath = path.join(folder, 'meta', '_journal.json')
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_new_order_mail_by_default'))
    expect(at).toBeGreaterThan(0)
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }))
    database = await openPglite()
    await migratePglite(drizzle({ client: database.pglite }), { migrationsFolder: folder })
  })
  afterAll(async () => {
    await database?.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('switches them on for the staff there are, leaves customers as they were, and makes them the default for new profiles', async () => {
    for (const [id, role] of [
      ['old-staff', 'staff'],
      ['old-customer', 'customer'],
    ] as const) {
      await database.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true, role })
      await database.db.insert(profiles).values({ id, profileEmail: `${id}@example.com`, profileImage: '', notifyNewOrders: false })
    }
    await database.migrate()
    const rows = await database.db.select({ id: profiles.id, newOrders: profiles.notifyNewOrders, lowStock: profiles.notifyLowStock }).from(profiles)
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'old-customer', newOrders: false, lowStock: false },
      { id: 'old-staff', newOrders: true, lowStock: false },
    ])
    await database.db.insert(user).values({ id: 'new-staff', name: 'n', email: 'new-staff@example.com', emailVerified: true, role: 'staff' })
    await syncProfileFromUser(database.db, { id: 'new-staff', email: 'new-staff@example.com', name: 'New Staff' })
    expect(await getNoticeChoices(database.db, 'new-staff')).toEqual({ newOrders: true, lowStock: false })
  })
})
