import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { logger } from '../log.server.ts'

declare module 'express-serve-static-core' {
  interface Request {
    id: string
  }
}

const SAFE_ID = /^[\w.-]{1,64}$/

/**
 * One JSON log line per request, tagged with a request id that is also sent back to the client. The
 * logger masks the secret of a link that grants access in the address (app/server/log.server.ts).
 */
export function requestLog(req: Request, res: Response, next: NextFunction) {
  const incoming = req.get('x-request-id')
  req.id = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID()
  res.setHeader('X-Request-Id', req.id)
  const started = process.hrtime.bigint()
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    logger.info({ reqId: req.id, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request')
  })
  next()
}
