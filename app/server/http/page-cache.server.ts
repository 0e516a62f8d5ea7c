import type { OutgoingHttpHeaders } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import type { CatalogReads } from '../catalog/catalog-reads.server.ts'
import { searchRequestOf } from '../../lib/search.ts'
import { categoryQueryOf, categoryQueryString } from '../../lib/category-query.ts'
import { signedInHintOf } from '../../lib/signed-in-hint.ts'
import { NoncePage } from './nonce-page.server.ts'
import { PRIVATE_PAGE } from './private-page.server.ts'
import { contentSecurityPolicy, nextNonce } from './security.server.ts'

/** Catalogue pages: the same HTML for every visitor who is not signed in. */
const CATEGORY_LIST = /^\/products\/[a-z-]+$/
/** Search results: the same for every visitor who is not signed in, like a category list. */
const SEARCH = /^\/search$/
/** A product's page; `/product/create` is the staff screen that creates one (app/routes.ts), never a product. */
const PRODUCT = /^\/product\/(?!create$)[a-z0-9-]+$/
const CACHEABLE = [/^\/$/, /^\/products$/, CATEGORY_LIST, PRODUCT, SEARCH]
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/

/** The request carries a session cookie (valid or not). */
export const hasSessionCookie = (cookie: string | undefined): boolean => SESSION_COOKIE.test(cookie ?? '')
const MAX_ENTRIES = 500
/**
 * Of those, search results at most: there are as many as visitors can type, and a stream of new
 * queries must only push out older searches, never the catalogue's own pages.
 */
const MAX_SEARCH_ENTRIES = 200
/** Pages larger than this are rendered each time rather than kept. */
const MAX_BODY_BYTES = 1024 * 1024
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'
/**
 * Headers that belong to one response, not to the page: never repeated from a stored copy. The
 * request id and, while shutting down, `Connection: close` are set again for every request.
 */
const PER_RESPONSE = new Set([
  'x-request-id',
  'x-cache',
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'content-security-policy',
])
/** `gzip;q=0` (or `q=0.0`, `q=0.000`) in Accept-Encoding: the client refuses gzip. */
const GZIP_REFUSED = /(?:^|,)\s*gzip\s*;\s*q\s*=\s*0(?:\.0{0,3})?\s*(?:,|$)/i

/**
 * A kept page: always a 200 (nothing else is kept). Its body is answered with a fresh CSP nonce
 * each time; its gzip form is made once, in the background, after the page is stored.
 */
interface Entry {
  version: number
  page: NoncePage
  headers: OutgoingHttpHeaders
  gzipReady: boolean
  /** The page was sent with a Content-Security-Policy (always, but with the development server). */
  withPolicy: boolean
}

/** What `serve` learnt on a miss, for `store` further down the chain. */
interface Slot {
  key: string
  version: number
  search: boolean
}

declare module 'express-serve-static-core' {
  interface Locals {
    pageCacheSlot?: Slot
    /** A signed-in customer's request for a catalogue page, rendered (if not kept) as for nobody in particular. */
    anonymousRender?: boolean
  }
}

export interface PageCache {
  /**
   * Early in the chain: answers a cached page at once, before security headers, compression and
   * the router run (the stored copy already carries the page's headers and its gzip form).
   */
  serve(req: Request, res: Response, next: NextFunction): void
  /** After compression: keeps the page the router renders for a request `serve` could not answer. */
  store(req: Request, res: Response, next: NextFunction): void
}

/**
 * Keeps the rendered HTML of catalogue pages in the process and serves it again while no product
 * has been written since: a write in this process retires the cached pages at once, a write by
 * another process (they share the database) within a second. Signed-in customers get the same page
 * (docs/decisions/031-cached-pages-for-signed-in-customers.md); staff always get a fresh one. The `Cache-Control` lets a CDN keep anonymous pages for a minute and serve them stale while
 * it revalidates. Each page is kept as sent and gzip-compressed once, so a hit costs no rendering
 * and no compression; only its CSP nonce is new in every answer (nonce-page.server.ts).
 */
export function createPageCache(catalog: CatalogReads, options: { keyByHost: boolean }): PageCache {
  const entries = new Map<string, Entry>()
  /** The keys of kept search results, oldest first. */
  const searchKeys = new Set<string>()

  const answer = (req: Request, res: Response, entry: Entry, state: 'HIT' | 'STALE') => {
    // A nonce is worth something only if nobody else got it: every answer has its own.
    const nonce = nextNonce()
    const gzip = entry.gzipReady && acceptsGzip(req.get('accept-encoding'))
    const body = req.method === 'HEAD' ? undefined : gzip ? entry.page.gzipped(nonce)! : entry.page.plain(nonce)
    res.setHeader('X-Cache', state)
    res.writeHead(200, {
      ...entry.headers,
      ...(entry.withPolicy ? { 'content-security-policy': contentSecurityPolicy(nonce) } : {}),
      'content-length': gzip ? entry.page.gzipLength : entry.page.plainLength,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    })
    res.end(body)
  }

  const keep = (key: string, version: number, res: Response, body: Buffer, search: boolean) => {
    if (search && !searchKeys.has(key) && searchKeys.size >= MAX_SEARCH_ENTRIES) {
      const oldest = searchKeys.values().next().value!
      searchKeys.delete(oldest)
      entries.delete(oldest)
    }
    if (entries.size >= MAX_ENTRIES && !entries.has(key)) {
      const oldest = entries.keys().next().value!
      entries.delete(oldest)
      searchKeys.delete(oldest)
    }
    if (search) searchKeys.add(key)
    const nonce = res.locals.nonce as string | undefined
    const entry: Entry = { version, page: new NoncePage(body, nonce), headers: { ...pageHeaders(res), vary: 'Accept-Encoding' }, gzipReady: false, withPolicy: Boolean(nonce) }
    entries.set(key, entry)
    entry.page.compress().then(
      () => void (entry.gzipReady = true),
      () => {},
    )
  }

  return {
    serve(req, res, next) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE.some((pattern) => pattern.test(req.path))) return next()
      const cookie = req.get('cookie') ?? ''
      const session = SESSION_COOKIE.test(cookie)
      const hint = signedInHintOf(cookie)
      // Staff get their controls; a session without its mark, or a mark without a session, is
      // rendered once so that the lookup puts the mark right. Rendered for them, it is kept nowhere.
      if (hint === 'staff' || (session && hint !== 'customer') || (!session && hint)) {
        res.setHeader('Cache-Control', PRIVATE_PAGE['Cache-Control'])
        return next()
      }
      // A signed-in customer gets the page everyone gets (their header shows "Account" by the mark):
      // if it must be rendered, it is rendered without the session, so it can be kept for all.
      if (session) {
        req.headers.cookie = cookie
          .split(/;\s*/)
          .filter((part) => !SESSION_COOKIE.test(part))
          .join('; ')
        res.locals.anonymousRender = true
      }
      res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL)
      const key = cacheKey(req, options.keyByHost)
      if (key === null) return next()
      const hit = entries.get(key)
      catalog.version().then(
        (version) => {
          if (hit && hit.version === version) return answer(req, res, hit, 'HIT')
          res.setHeader('X-Cache', 'MISS')
          if (req.method === 'GET') res.locals.pageCacheSlot = { key, version, search: SEARCH.test(req.path) }
          keepErrorsOutOfSharedCaches(res)
          next()
        },
        // The database is away: the last copy of a catalogue page is better than an error page.
        () => {
          if (hit) return answer(req, res, hit, 'STALE')
          keepErrorsOutOfSharedCaches(res)
          next()
        },
      ).catch(next)
    },

    store(_req, res, next) {
      const slot = res.locals.pageCacheSlot
      if (!slot) return next()
      const chunks: Buffer[] = []
      let size = 0
      const write = res.write.bind(res) as (...args: unknown[]) => boolean
      const end = res.end.bind(res) as (...args: unknown[]) => Response
      const collect = (chunk: unknown) => {
        if (!chunk || typeof chunk === 'function' || size > MAX_BODY_BYTES) return
        const part = Buffer.from(chunk as Buffer | string)
        chunks.push(part)
        size += part.length
      }
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        collect(chunk)
        return write(chunk, ...rest)
      }) as Response['write']
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        collect(chunk)
        const type = String(res.getHeader('content-type') ?? '')
        const storable = res.statusCode === 200 && type.startsWith('text/html') && !res.getHeader('set-cookie') && size <= MAX_BODY_BYTES
        if (storable) keep(slot.key, slot.version, res, Buffer.concat(chunks), slot.search)
        return end(chunk, ...rest)
      }) as Response['end']
      next()
    },
  }
}

/**
 * A catalogue page that fails (a 503 while the database is away, a 500) must not be kept by a CDN
 * for the minute its public Cache-Control allows: its answer says `no-store` instead.
 */
function keepErrorsOutOfSharedCaches(res: Response) {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    if (statusCode >= 500) this.setHeader('Cache-Control', 'no-store')
    return (writeHead as (...args: unknown[]) => Response).call(this, statusCode, ...rest)
  } as Response['writeHead']
}

function acceptsGzip(value: string | undefined): boolean {
  return value !== undefined && /\bgzip\b/i.test(value) && !GZIP_REFUSED.test(value)
}

/**
 * Pages are keyed by path, and a category list by its view too (page, sort, filters) in the normal
 * form of app/lib/category-query.ts: the page renders only from that form, so unknown parameters or
 * another spelling of the same view share one entry (price bounds still make many views: like page
 * numbers, they only push the oldest entries out of a cache of MAX_ENTRIES). Without PUBLIC_URL a
 * page names the address it was asked for (canonical link, JSON-LD), so the key holds the host
 * too: a request with a forged Host gets a page of its own, never one served to others. Null: not a
 * page to keep.
 */
function cacheKey(req: Request, keyByHost: boolean): string | null {
  let path = req.path
  if (CATEGORY_LIST.test(req.path)) {
    const query = categoryQueryOf(new URL(req.originalUrl, 'http://shop').searchParams)
    if (query === null) return null
    path = `${req.path}${categoryQueryString(query)}`
  } else if (SEARCH.test(req.path)) {
    // Keyed by what the page shows: the query as typed (trimmed, cut) and the page; other parameters are ignored.
    const asked = searchRequestOf(new URL(req.originalUrl, 'http://shop').searchParams)
    if (asked === null) return null
    path = `${req.path}?${new URLSearchParams({ q: asked.typed, page: String(asked.page) }).toString()}`
  }
  return keyByHost ? `${req.protocol}://${req.get('x-forwarded-host') ?? ''}|${req.get('host') ?? ''}${path}` : path
}

/**
 * The headers a stored copy repeats: everything the page was sent with (security headers, type,
 * caching, preload links) except what belongs to one response (the CSP is written again with the
 * answer's own nonce).
 */
function pageHeaders(res: Response): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined && !PER_RESPONSE.has(name)) kept[name] = value
  }
  return kept
}
