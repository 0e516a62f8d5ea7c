import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../app/server/db/client.server.ts'
import { outbox } from '../../app/server/db/schema.ts'

/** The stored messages, newest first, as sent (secrets included): what a test reads its links from. */
export async function listOutbox(db: Executor, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit)
}

export async function getOutboxMessage(db: Executor, id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1)
  return row ?? null
}
