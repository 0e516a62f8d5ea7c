import type { NextFunction, Request, Response } from 'express'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * Pages rendered for one request are compressed once each, whole, in one synchronous call: Brotli
 * at quality 3 with a window just large enough for the page for browsers, which all accept it, or
 * gzip at level 3 for clients that accept only gzip (docs/decisions/032-compression-of-rendered-pages.md).
 *
 * The router writes a page as React renders it, in many small pieces, and asks for each to be
 * flushed. A compressing stream then works piece by piece on the thread pool, and each of sixteen
 * concurrent responses holds an encoder of its own: that cost a rendered page nearly half of its
 * throughput. No page streams on purpose (no loader defers data), so the HTML is kept until the
 * page ends and compressed there, and the answer carries its length.
 *
 * Only `text/html` is handled here; everything else (files, CSV, JSON) is left to the `compression`
 * middleware further in.
 */
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 3,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
}
const GZIP_OPTIONS = { level: 3 }
/** Smaller pages (redirect bodies, short errors) are sent as they are. */
const MIN_BYTES = 1024

export type PageEncoding = 'br' | 'gzip' | null

/** The encoding to answer with for an Accept-Encoding header: Brotli, else gzip, else none. */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.split(';').map((each) => each.trim().toLowerCase())
    if (!name) continue
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    accepted.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weightOf('br') > 0) return 'br'
  if (weightOf('gzip') > 0) return 'gzip'
  return null
}

/**
 * Brotli's window: the smallest that holds the whole page (64 KB for most pages, at most 256 KB).
 * A larger one than the page needs changes nothing in the output but costs time to set up: a 52 KB
 * product page took 0.30 ms with a 256 KB window and 0.16 ms with 64 KB, for the same 10.8 KB.
 */
export function brotliWindowBits(bytes: number): number {
  return Math.min(18, Math.max(16, Math.ceil(Math.log2(bytes + 16))))
}

export function compressPage(body: Buffer, encoding: Exclude<PageEncoding, null>): Buffer {
  if (encoding === 'gzip') return gzipSync(body, GZIP_OPTIONS)
  return brotliCompressSync(body, {
    params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length), [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
}

/** An HTML answer: the pages this middleware compresses, and `compression` leaves to it. */
export const isHtmlAnswer = (res: Response): boolean => /^text\/html\b/i.test(String(res.getHeader('Content-Type') ?? ''))

type WriteCallback = (error?: Error | null) => void

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
}

/** Express middleware: keeps an HTML answer until it ends, then sends it compressed in one piece. */
export function compressRenderedPages(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'HEAD') return next()
  const encoding = pageEncodingFor(req.headers['accept-encoding'])
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
    let body: Buffer = Buffer.concat(held)
    held = null
    res.vary('Accept-Encoding')
    if (encoding && body.length >= MIN_BYTES) {
      body = compressPage(body, encoding)
      res.setHeader('Content-Encoding', encoding)
    }
    res.removeHeader('Transfer-Encoding')
    res.setHeader('Content-Length', body.length)
    return done ? end(body, done) : end(body)
  } as Response['end']
  next()
}
