import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { connectPostgres, openPglite, type DatabaseHandle } from '../../app/server/db/client.server.ts'

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres'
  /** A new, empty, migrated database that no other test file or test run can see. */
  open(): Promise<DatabaseHandle>
}

const pglite: TestDatabaseKind = {
  name: 'pglite',
  async open() {
    const handle = await openPglite()
    await handle.migrate()
    return handle
  },
}

/** Each test file gets its own database on the server, dropped again when the file closes it. */
function postgresKind(adminUrl: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async open() {
      const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
      await admin.unsafe(`CREATE DATABASE ${name}`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const handle = connectPostgres(url.toString(), { max: 4 })
      await handle.migrate()
      return {
        ...handle,
        close: async () => {
          await handle.close()
          await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          await admin.end()
        },
      }
    },
  }
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL
  return url ? [pglite, postgresKind(url)] : [pglite]
}
