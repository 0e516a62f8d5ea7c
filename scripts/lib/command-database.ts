import { openDatabase, type DatabaseHandle } from '../../app/server/db/client.server.ts'
import { ConfigError, parseEnv } from '../../app/server/env.server.ts'

/**
 * Runs an operator command against the shop's database: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded database — through the running shop's socket when it is up.
 */
export async function withCommandDatabase(work: (database: DatabaseHandle) => Promise<void>): Promise<void> {
  let database: DatabaseHandle | undefined
  try {
    const config = parseEnv(process.env)
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, role: 'command' })
    await work(database)
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
    process.exitCode = 1
  } finally {
    await database?.close()
  }
}
