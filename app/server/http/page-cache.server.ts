import type { NextFunction, Request, Response } from 'express'
import type { CatalogReads } from '../catalog/catalog-reads.server.ts'
import { categoryPageOf } from '../../lib/catalog.ts'

/** Catalogue pages: the same HTML for every visitor who is not signed in. */
const CATEGORY_LIST = /^\/products\/[a-z-]+$/
const CACHEABLE = [/^\/$/, /^\/products$/, CATEGORY_LIST, /^\/product\/[a-z0-9-]+$/]
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/
const MAX_ENTRIES = 500
/** Pages larger than this are rendered each time rather than kept. */
const MAX_BODY_BYTES = 1024 * 1024

interface Entry {
  version: number
  status: number
  headers: Record<string, string>
  body: Buffer
}

/**
 * Keeps the rendered HTML of catalogue pages in the process and serves it again while no product
 * has been written since: a write in this process retires the cached pages at once, a write by
 * another process (they share the database) within a second. Signed-in visitors always get a fresh
 * page. The `Cache-Control` lets a CDN keep anonymous pages for a minute and serve them stale while
 * it revalidates.
 */
export function catalogPageCache(catalog: CatalogReads) {
  const entries = new Map<string, Entry>()
  return async (req: Request, res: Response, next: NextFunction) => {
    const cacheable = (req.method === 'GET' || req.method === 'HEAD') && CACHEABLE.some((pattern) => pattern.test(req.path))
    if (!cacheable) return next()
    if (SESSION_COOKIE.test(req.get('cookie') ?? '')) {
      res.setHeader('Cache-Control', 'private, no-cache')
      return next()
    }
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=600')
    const key = cacheKey(req)
    if (key === null) return next()
    const hit = entries.get(key)
    const serve = (entry: Entry, state: 'HIT' | 'STALE') => {
      res.status(entry.status).set(entry.headers).setHeader('X-Cache', state)
      res.end(req.method === 'HEAD' ? undefined : entry.body)
    }
    let version: number
    try {
      version = await catalog.version()
    } catch {
      // The database is away: the last copy of a catalogue page is better than an error page.
      return hit ? serve(hit, 'STALE') : next()
    }
    if (hit && hit.version === version) return serve(hit, 'HIT')
    res.setHeader('X-Cache', 'MISS')
    if (req.method === 'HEAD') return next()

    const chunks: Buffer[] = []
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as Buffer | string))
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer | string))
      const type = String(res.getHeader('content-type') ?? '')
      const size = chunks.reduce((total, part) => total + part.length, 0)
      const storable =
        res.statusCode === 200 && type.startsWith('text/html') && !res.getHeader('set-cookie') && size <= MAX_BODY_BYTES
      if (storable) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
        entries.set(key, { version, status: res.statusCode, headers: pickHeaders(res), body: Buffer.concat(chunks) })
      }
      return end(chunk, ...rest)
    }) as Response['end']
    next()
  }
}

/**
 * Pages are keyed by path, and a category list by its page number too: these pages read no other
 * part of the query string, so random query strings cannot fill the cache. Null: not a page to keep.
 */
function cacheKey(req: Request): string | null {
  if (!CATEGORY_LIST.test(req.path)) return req.path
  const page = categoryPageOf(new URL(req.originalUrl, 'http://shop').searchParams)
  if (page === null) return null
  return page === 1 ? req.path : `${req.path}?page=${page}`
}

/** Headers a cached copy repeats, the CSP included: the cached HTML carries the nonce it names. */
function pickHeaders(res: Response): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of ['content-type', 'cache-control', 'link', 'vary', 'content-security-policy']) {
    const value = res.getHeader(name)
    if (value !== undefined) kept[name] = String(value)
  }
  return kept
}
