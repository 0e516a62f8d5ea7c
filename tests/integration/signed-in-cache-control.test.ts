import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { user } from '../../app/server/db/schema'
import { testDatabaseKinds } from '../support/databases'
import { httpShops, signedInCustomer, Visitor, type HttpShops } from '../support/http-shop'

/**
 * Every answer to someone signed in gets `private, no-store` from a middleware before the router
 * (app/server/http/app.server.ts). A route that sets a Cache-Control of its own (the staff CSV
 * downloads, the search suggestions) must not make the answer carry two of them.
 */
describe.each(testDatabaseKinds())('Cache-Control of answers to a signed-in member of staff on $name', (kind) => {
  let database: DatabaseHandle
  let shops: HttpShops
  let staff: Visitor

  beforeAll(async () => {
    shops = await httpShops()
    database = await kind.open()
    await seedCatalog(database.db)
    const shop = await shops.start(database)
    const signedIn = await signedInCustomer(database.db, shop.secret, 'ann@shop.example')
    await database.db.update(user).set({ role: 'staff' }).where(eq(user.id, signedIn.userId))
    staff = new Visitor(shop.url, signedIn.cookie)
  }, 180_000)
  afterAll(async () => {
    await shops?.close()
    await database?.close()
  })

  it('is one private, no-store on the CSV downloads, whose routes set their own', async () => {
    for (const path of ['/migration/products.csv', '/orders/export.csv', '/reports/bas.csv']) {
      const answer = await staff.get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('content-type'), path).toBe('text/csv; charset=utf-8')
      // Headers joins repeated header lines with ", ": one header reads exactly so.
      expect(answer.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  it('is one header, never less strict than no-store, on answers with or without a Cache-Control of their own', async () => {
    const answers = {
      // A page whose route sets nothing: the middleware's alone.
      '/staff': 'private, no-store',
      // Its own is no-store without private: as strict, and it is the one kept.
      '/migration/export/products': 'no-store',
      // Its own (private, max-age=60) would let the browser keep it: the stricter one stays.
      '/api/search/suggest?q=camera': 'private, no-store',
    }
    for (const [path, cacheControl] of Object.entries(answers)) {
      const answer = await staff.get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('cache-control'), path).toBe(cacheControl)
    }
  })
})
