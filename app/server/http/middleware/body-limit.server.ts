import type { NextFunction, Request, Response } from 'express'
import { logger } from '../../log.server.ts'
import { MAX_SCREEN_IMPORT_BYTES } from '../../migration/screen.server.ts'
import { MAX_UPLOAD_BODY_BYTES, TOO_LARGE_MESSAGE } from '../../uploads/uploads.server.ts'

/** What every form and JSON endpoint reads at most. */
export const MAX_BODY_BYTES = 1024 * 1024

const FORM_TOO_LARGE = 'The request is too large: forms and requests to this shop take at most 1 MB.'
const IMPORT_TOO_LARGE = 'That file is over 50 MB: import it from the command line with npm run data -- import.'

/** How long a refused request may go on sending (read and thrown away) so that its client reads the 413. */
const LINGER_MS = 30_000

interface Limit {
  bytes: number
  message: string
  /** The route answers a declared Content-Length over the limit itself, in its own words and page. */
  routeChecksLength: boolean
}

/** Uploads keep their 20 MB per image and the import screen its 50 MB file; everything else 1 MB. */
export function bodyLimitFor(path: string): Limit {
  if (path === '/api/uploads') return { bytes: MAX_UPLOAD_BODY_BYTES, message: TOO_LARGE_MESSAGE, routeChecksLength: true }
  if (path === '/migration') return { bytes: MAX_SCREEN_IMPORT_BYTES + 64 * 1024, message: IMPORT_TOO_LARGE, routeChecksLength: true }
  return { bytes: MAX_BODY_BYTES, message: FORM_TOO_LARGE, routeChecksLength: false }
}

class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/**
 * Bounds every request body before anything parses it. A declared Content-Length over the limit is
 * answered 413 at once, unread; a body without one (chunked) is counted as it arrives, and the chunk
 * that passes the limit is never handed on: whoever reads the body (React Router, better-auth) sees
 * an error instead, and the 413 goes out. Either way the rest of the body is read and thrown away for
 * a while before the connection closes, so that the client, still sending, gets to read the answer
 * rather than a reset; nothing is held in memory, and other requests are served meanwhile.
 */
export function bodyLimits(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  const limit = bodyLimitFor(req.path)
  const declared = req.headers['content-length']
  if (declared !== undefined && Number(declared) > limit.bytes) {
    if (limit.routeChecksLength) return next()
    return refuse(req, res, limit, Number(declared))
  }
  // better-auth reads its small JSON bodies itself and cannot be stopped half-way without an error
  // of its own: a chunked body there (no browser sends one) is refused before it is read.
  if (declared === undefined && req.headers['transfer-encoding'] !== undefined && req.path.startsWith('/api/auth/')) {
    logger.warn({ reqId: req.id, path: req.path }, 'chunked request to the account service refused: 411')
    res.status(411).json({ message: 'Send this request with a Content-Length.' })
    req.resume()
    return
  }
  let received = 0
  let refused = false
  const emit = req.emit
  req.emit = function limitedEmit(this: Request, event: string | symbol, ...args: unknown[]): boolean {
    if (refused) {
      // Past the limit: the rest is thrown away; the readers were told already.
      return event === 'data' || event === 'end' || event === 'error' ? true : emit.call(this, event, ...args)
    }
    if (event === 'data') {
      received += (args[0] as Buffer).length
      if (received > limit.bytes) {
        refused = true
        refuse(req, res, limit, received)
        if (this.listenerCount('error') > 0) emit.call(this, 'error', new BodyTooLargeError(limit.message))
        return true
      }
    }
    return emit.call(this, event, ...args)
  } as Request['emit']
  next()
}

function refuse(req: Request, res: Response, limit: Limit, bytes: number) {
  logger.warn({ reqId: req.id, path: req.path, bytes, limit: limit.bytes }, 'request body over the limit: 413')
  if (!res.headersSent) {
    const wantsJson = /json/i.test(req.headers['content-type'] ?? '') || /json/i.test(req.headers.accept ?? '') || req.path.startsWith('/api/')
    // No `Connection: close`: Node would end the connection as soon as the answer is out, and a client
    // still sending would meet a reset before it read the answer.
    res.status(413)
    if (wantsJson) res.json(req.path === '/api/uploads' ? { error: limit.message } : { message: limit.message })
    else res.type('text/plain').send(limit.message)
  }
  // Read and discard what is still coming (a client that sends all before it reads, as most do,
  // then sees the 413), but not for ever: after LINGER_MS the connection is closed.
  req.resume()
  const linger = setTimeout(() => req.socket.destroy(), LINGER_MS)
  linger.unref()
  req.once('close', () => clearTimeout(linger))
}
