import { createScratchDatabase } from '../../scripts/lib/scratch-database.ts'
import { connectPostgres, openPglite, type DatabaseHandle } from '../../app/server/db/client.server.ts'

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres'
  /** A new, empty, migrated database (with `migrate: false`, without even the tables) that no other test file or test run can see. */
  open(options?: { migrate?: boolean }): Promise<DatabaseHandle>
}

const pglite: TestDatabaseKind = {
  name: 'pglite',
  async open({ migrate = true } = {}) {
    const handle = await openPglite()
    if (migrate) await handle.migrate()
    return handle
  },
}

/** Each test file gets its own database on the server, dropped again when the file closes it. */
function postgresKind(adminUrl: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async open({ migrate = true } = {}) {
      const scratch = await createScratchDatabase(adminUrl, 'shop_test')
      const handle = connectPostgres(scratch.url, { max: 4 })
      if (migrate) await handle.migrate()
      return {
        ...handle,
        close: async () => {
          await handle.close()
          await scratch.drop()
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
