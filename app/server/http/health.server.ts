import { sql } from 'drizzle-orm'
import type { Request, Response } from 'express'
import type { Database } from '../db/client.server.ts'

/** Liveness: the process answers. */
export function healthz(_req: Request, res: Response) {
  res.status(200).type('text/plain').set('Cache-Control', 'no-store').send('ok')
}

/** Readiness: the database answers within a second; a load balancer stops sending traffic otherwise. */
export function readyz(db: Database) {
  return async (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store')
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 1000)),
      ])
      res.status(200).type('text/plain').send('ready')
    } catch {
      res.status(503).type('text/plain').send('database unavailable')
    }
  }
}
