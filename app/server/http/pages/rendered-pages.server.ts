import type { NextFunction, Request, Response } from 'express'
import { compressPage, MIN_COMPRESSED_BYTES, pageEncodingFor } from './encoding.server.ts'
import type { PageCache } from './page-cache.server.ts'

/** An HTML answer: the pages this middleware compresses, and `compression` leaves to it. */
export const isHtmlAnswer = (res: Response): boolean => /^text\/html\b/i.test(String(res.getHeader('Content-Type') ?? ''))

type WriteCallback = (error?: Error | null) => void

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
}

/**
 * The one place a rendered page is finished: the router writes a page as React renders it, in many
 * small pieces; they are held until the page ends, compressed whole in one call for the encoding the
 * request asks for, sent with their length, and handed to the page cache, which keeps the page if it
 * is a catalogue page it marked (docs/decisions/032-compression-of-rendered-pages.md). No page streams
 * on purpose (no loader defers data). Only `text/html` is handled here; files, CSV and JSON are left
 * to the `compression` middleware further in.
 */
export function renderedPages(cache: PageCache | null) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === 'HEAD') return next()
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    let held: Buffer[] | null = null
    let decided = false
    const decide = () => {
      if (decided) return
      decided = true
      const status = res.statusCode
      if (!isHtmlAnswer(res) || res.getHeader('Content-Encoding') || status === 204 || status === 304 || res.headersSent) return
      held = []
    }
    res.write = function (chunk: unknown, encodingOrCallback?: unknown, callback?: unknown) {
      decide()
      if (!held) return write(chunk, encodingOrCallback, callback)
      held.push(toBuffer(chunk, encodingOrCallback))
      const done = (typeof encodingOrCallback === 'function' ? encodingOrCallback : callback) as WriteCallback | undefined
      if (done) process.nextTick(done)
      return true
    } as Response['write']
    res.end = function (chunk?: unknown, encodingOrCallback?: unknown, callback?: unknown) {
      if (typeof chunk === 'function') return end(chunk)
      decide()
      if (!held) return end(chunk, encodingOrCallback, callback)
      if (chunk !== undefined && chunk !== null) held.push(toBuffer(chunk, encodingOrCallback))
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback
      const plain = Buffer.concat(held)
      held = null
      res.vary('Accept-Encoding')
      const encoding = plain.length >= MIN_COMPRESSED_BYTES ? pageEncodingFor(req.headers['accept-encoding']) : 'identity'
      const body = compressPage(plain, encoding)
      cache?.keep(req, res, plain, { encoding, body })
      if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
      res.removeHeader('Transfer-Encoding')
      res.setHeader('Content-Length', body.length)
      return done ? end(body, done) : end(body)
    } as Response['end']
    next()
  }
}
