import { sql } from 'drizzle-orm'
import type { Request, Response } from 'express'
import type { Database } from '../../db/client.server.ts'

/** Liveness: the process answers. */
export function healthz(_req: Request, res: Response) {
  res.status(200).type('text/plain').set('Cache-Control', 'no-store').send('ok')
}

/**
 * Readiness: the database answers within a second and the process is not shutting down; a load
 * balancer stops sending traffic otherwise.
 */
export function readyz(db: Database, shuttingDown: () => boolean) {
  return async (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store')
    if (shuttingDown()) {
      res.status(503).type('text/plain').send('shutting down')
      return
    }
    try {
      await Promise.race([db.execute(sql`select 1`), new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 1000))])
      res.status(200).type('text/plain').send('ready')
    } catch {
      res.status(503).type('text/plain').send('database unavailable')
    }
  }
}
