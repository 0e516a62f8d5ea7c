import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { logger } from '../../log.server.ts'

declare module 'express-serve-static-core' {
  interface Request {
    id: string
  }
}

const SAFE_ID = /^[\w.-]{1,64}$/

/** The request's id: the one a proxy in front sent (if it is a plain token), or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * One JSON log line per answered request, tagged with its request id (sent back to the client too).
 * The logger masks the secret of a link that grants access in the address (app/server/log.server.ts).
 */
export function logRequest(req: IncomingMessage, requestId: string, status: number, started: bigint, url = req.url): void {
  if (!logger.isLevelEnabled('info')) return
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  logger.info({ reqId: requestId, method: req.method, url, status, ms: Math.round(ms * 10) / 10 }, 'request')
}

/** For a request the shop's Express app answers: the id on the request and the answer, the line once it is sent. */
export function logWhenFinished(req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const started = process.hrtime.bigint()
  // Express shortens req.url inside mounted handlers (the asset folders): the address as asked is kept now.
  const url = req.url
  ;(req as IncomingMessage & { id: string }).id = requestId
  res.setHeader('X-Request-Id', requestId)
  res.on('finish', () => logRequest(req, requestId, res.statusCode, started, url))
}
