import { sql } from 'drizzle-orm'
import type { Executor } from './db/client.server.ts'
import { requestLimits } from './db/schema.ts'

export interface LimitResult {
  allowed: boolean
  /** Seconds until the window resets, when not allowed. */
  retryAfter: number
}

/**
 * Counts one request against `key` in a fixed window, in the database so the limit holds across
 * every process of the shop. One atomic upsert: a new window starts once the old one has passed.
 */
export async function hitLimit(db: Executor, key: string, max: number, windowSeconds: number, now = new Date()): Promise<LimitResult> {
  const windowStartsAfter = new Date(now.getTime() - windowSeconds * 1000)
  const [row] = await db
    .insert(requestLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${requestLimits.windowStart} <= ${windowStartsAfter.toISOString()}::timestamptz then 1 else ${requestLimits.count} + 1 end`,
        windowStart: sql`case when ${requestLimits.windowStart} <= ${windowStartsAfter.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${requestLimits.windowStart} end`,
      },
    })
    .returning({ count: requestLimits.count, windowStart: requestLimits.windowStart })
  const allowed = row!.count <= max
  const retryAfter = Math.max(1, Math.ceil((row!.windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000))
  return { allowed, retryAfter: allowed ? 0 : retryAfter }
}
