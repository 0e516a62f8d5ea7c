import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import type { CatalogReads } from '../../catalog/catalog-reads.server.ts'
import { searchRequestOf } from '../../../lib/search.ts'
import { categoryQueryOf, categoryQueryString } from '../../../lib/category-query.ts'
import { signedInHintOf } from '../../../lib/signed-in-hint.ts'
import { VARIANT_PARAM } from '../../../lib/variants.ts'
import type { ShopMetrics, KeptPageCounters } from '../../metrics/metrics.server.ts'
import { PRIVATE_PAGE } from '../private-page.server.ts'
import { compressPage, pageEncodingFor, type PageEncoding } from './encoding.server.ts'

/**
 * Catalogue pages: the same HTML for every visitor but staff (signed-in customers included, decision 031).
 * A list is a category's or, at /products, every product's; both are keyed by their view.
 */
const CATEGORY_LIST = /^\/products(?:\/[a-z-]+)?$/
/** Search results: the same for every visitor but staff, like a category list. */
const SEARCH = /^\/search$/
/** A product's page; `/product/create` is the staff screen that creates one (app/routes.ts), never a product. */
const PRODUCT = /^\/product\/(?!create$)[a-z0-9-]+$/
const CACHEABLE = [/^\/$/, CATEGORY_LIST, PRODUCT, SEARCH]
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/

/** The request carries a session cookie (valid or not). */
export const hasSessionCookie = (cookie: string | undefined): boolean => SESSION_COOKIE.test(cookie ?? '')

/**
 * What the kept pages may hold, counted in bytes (each page plain and in the compressed forms made of it). Search results have
 * their own, smaller budget: there are as many as visitors can type, and a stream of new queries must
 * only push out older searches, never the catalogue's own pages.
 */
const PAGE_BYTES = 32 * 1024 * 1024
const SEARCH_BYTES = 8 * 1024 * 1024
/** Pages larger than this are rendered each time rather than kept. */
const MAX_PAGE_BYTES = 1024 * 1024
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'
/**
 * Headers that belong to one response, not to the page: never repeated from a kept copy. The request
 * id and, while shutting down, `Connection: close` are set again for every request.
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
])

/**
 * A kept page: always a 200 (nothing else is kept), in each form a browser may ask for, each with the
 * header lines it goes out with. The Content-Security-Policy is the page's own: its nonce was made for
 * this page when it was rendered and is answered with every copy (decision 036).
 */
interface KeptPage {
  version: number
  plain: Buffer
  /** The header lines every answer of the page repeats (security headers, policy, type, caching). */
  headerLines: string[]
  /**
   * The encoded forms made so far: the one the rendering answer was sent in, the plain one, and any
   * other the first client to ask for it had made (gzip is for the odd client without Brotli).
   */
  forms: Partial<Record<PageEncoding, Form>>
  /** The plain page and every compressed form, what the cache's budget counts. */
  bytes: number
  /** Where each answer of the page is counted (its route pattern's request counters), with metrics on. */
  counters?: KeptPageCounters
}

interface Form {
  body: Buffer
  /**
   * `writeHead`'s flat list of names and values; its last two values (the request id and the cache
   * state) are written in for each answer, just before `writeHead` copies the list.
   */
  head: string[]
}

function formOf(page: KeptPage, encoding: PageEncoding, body: Buffer): Form {
  const head = [...page.headerLines, 'Vary', 'Accept-Encoding', 'Content-Length', String(body.length)]
  if (encoding !== 'identity') head.push('Content-Encoding', encoding)
  head.push('X-Request-Id', '', 'X-Cache', '')
  return { body, head }
}

/** What the page cache learnt of a request it could not answer, for `keep` once the page is rendered. */
interface Slot {
  key: string
  /** The address's path, for the page's route pattern. */
  path: string
  version: number
  search: boolean
}

type Kept = LRUCache<string, KeptPage>

const slots = new WeakMap<IncomingMessage, Slot>()
const anonymous = new WeakSet<IncomingMessage>()

/** A signed-in customer's request for a catalogue page, rendered (if not kept) as for nobody in particular. */
export const isAnonymousRender = (req: IncomingMessage): boolean => anonymous.has(req)

export interface PageCache {
  /**
   * The first look at every request, before Express: a kept catalogue page is answered here, with its
   * headers and encoded form as stored; anything else goes on to `pass`.
   */
  handle(req: IncomingMessage, res: ServerResponse, requestId: string, pass: () => void): void
  /**
   * Called with every whole HTML page the shop renders (app/server/http/pages/rendered-pages.server.ts):
   * keeps it if it answers a request `handle` marked as worth keeping. `sent` is the form the
   * rendering answer went out in.
   */
  keep(req: IncomingMessage, res: ServerResponse, plain: Buffer, sent: { encoding: PageEncoding; body: Buffer }): void
}

export interface PageCacheOptions {
  /** Without PUBLIC_URL a page names the host it was asked for: one copy per host. */
  keyByHost: boolean
  /** Whether `Connection: close` goes with every answer (the shop is shutting down). */
  closing?: () => boolean
  /** Logs one answered request (the shop's request log). */
  logged?: (req: IncomingMessage, requestId: string, status: number, started: bigint) => void
  /** Counts hits and misses, and each answer of a kept page under its route (app/server/metrics). */
  metrics?: Pick<ShopMetrics, 'keptPage' | 'pageCache'>
  pageBytes?: number
  searchBytes?: number
}

/**
 * Keeps the rendered HTML of catalogue pages in the process and serves it again while no product has
 * been written since: a write in this process retires the kept pages at once, a write by another
 * process (they share the database) within a second. Signed-in customers get the same page
 * (docs/decisions/031-cached-pages-for-signed-in-customers.md); staff always get a fresh one. The
 * `Cache-Control` lets a CDN keep anonymous pages for a minute and serve them stale while it
 * revalidates. Each page is kept plain and in each encoding clients asked for (each made once), least
 * recently used pages leaving first once the bytes are spent, so a hit costs a lookup and one write.
 */
export function createPageCache(catalog: CatalogReads, options: PageCacheOptions): PageCache {
  const sized = (maxSize: number): Kept => new LRUCache<string, KeptPage>({ maxSize, sizeCalculation: (page) => page.bytes })
  const pages = sized(options.pageBytes ?? PAGE_BYTES)
  const searches = sized(options.searchBytes ?? SEARCH_BYTES)
  const metrics = options.metrics

  const answer = (req: IncomingMessage, res: ServerResponse, requestId: string, kept: Kept, key: string, page: KeptPage, state: 'HIT' | 'STALE') => {
    const started = process.hrtime.bigint()
    const encoding = pageEncodingFor(req.headers['accept-encoding'])
    let form = page.forms[encoding]
    if (!form) {
      // Made once, by the first client to ask for it; the page is put back so the budget counts it.
      form = formOf(page, encoding, compressPage(page.plain, encoding))
      page.forms[encoding] = form
      page.bytes += form.body.length
      kept.set(key, page)
    }
    const { head, body } = form
    head[head.length - 3] = requestId
    head[head.length - 1] = state
    res.writeHead(200, options.closing?.() ? [...head, 'Connection', 'close'] : head)
    res.end(req.method === 'HEAD' ? undefined : body)
    options.logged?.(req, requestId, 200, started)
    if (metrics) {
      metrics.pageCache(state === 'HIT' ? 'hit' : 'stale')
      page.counters?.answered(req.method, started)
    }
  }

  return {
    handle(req, res, requestId, pass) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return pass()
      const url = req.url ?? '/'
      const queryAt = url.indexOf('?')
      const path = queryAt === -1 ? url : url.slice(0, queryAt)
      if (!CACHEABLE.some((pattern) => pattern.test(path))) return pass()
      const cookie = req.headers.cookie ?? ''
      const session = SESSION_COOKIE.test(cookie)
      const hint = signedInHintOf(cookie)
      // Staff get their controls and trade customers their own prices (never the page everyone
      // gets, and never kept for anyone else); a session without its mark, or a mark without a
      // session, is rendered once so that the lookup puts the mark right. Rendered for them, it is
      // kept nowhere.
      if (hint === 'staff' || hint === 'trade' || (session && hint !== 'customer') || (!session && hint)) {
        res.setHeader('Cache-Control', PRIVATE_PAGE['Cache-Control'])
        metrics?.pageCache('bypass')
        return pass()
      }
      const key = cacheKey(req, path, queryAt === -1 ? '' : url.slice(queryAt), options.keyByHost)
      const search = SEARCH.test(path)
      const kept = search ? searches : pages
      const miss = () => {
        // A signed-in customer gets the page everyone gets (their header shows "Account" by the mark):
        // if it must be rendered, it is rendered without the session, so it can be kept for all.
        if (session) {
          req.headers.cookie = cookie
            .split(/;\s*/)
            .filter((part) => !SESSION_COOKIE.test(part))
            .join('; ')
          anonymous.add(req)
        }
        res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL)
        keepErrorsOutOfSharedCaches(res)
        metrics?.pageCache('miss')
        pass()
      }
      if (key === null) return miss()
      const decide = (version: number) => {
        const page = kept.get(key)
        if (page && page.version === version) return answer(req, res, requestId, kept, key, page, 'HIT')
        res.setHeader('X-Cache', 'MISS')
        if (req.method === 'GET') slots.set(req, { key, path, version, search })
        miss()
      }
      // The version this process read within the last second is at hand; otherwise it is read.
      const known = catalog.knownVersion()
      if (known !== null) return decide(known)
      catalog.version().then(
        decide,
        // The database is away: the last copy of a catalogue page is better than an error page.
        () => {
          const page = kept.get(key)
          if (page) return answer(req, res, requestId, kept, key, page, 'STALE')
          miss()
        },
      )
    },

    keep(req, res, plain, sent) {
      const slot = slots.get(req)
      if (!slot || res.statusCode !== 200 || res.getHeader('set-cookie') || plain.length > MAX_PAGE_BYTES) return
      // A page its route marked as one person's (a trade customer's prices) is never kept, whatever
      // the request looked like on its way in.
      if (/\b(?:private|no-store)\b/.test(String(res.getHeader('cache-control') ?? ''))) return
      const page: KeptPage = {
        version: slot.version,
        plain,
        headerLines: pageHeaderLines(res.getHeaders()),
        forms: {},
        bytes: plain.length,
        counters: metrics?.keptPage(slot.path),
      }
      page.forms.identity = formOf(page, 'identity', plain)
      if (sent.encoding !== 'identity') {
        page.forms[sent.encoding] = formOf(page, sent.encoding, sent.body)
        page.bytes += sent.body.length
      }
      ;(slot.search ? searches : pages).set(slot.key, page)
    },
  }
}

/**
 * A catalogue page that fails (a 503 while the database is away, a 500) must not be kept by a CDN
 * for the minute its public Cache-Control allows: its answer says `no-store` instead.
 */
function keepErrorsOutOfSharedCaches(res: ServerResponse) {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode >= 500) this.setHeader('Cache-Control', 'no-store')
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest)
  } as ServerResponse['writeHead']
}

/**
 * Pages are keyed by path, a product's by the variant asked for too, and a category list by its view (page, sort, filters) in the normal
 * form of app/lib/category-query.ts: the page renders only from that form, so unknown parameters or
 * another spelling of the same view share one entry. Without PUBLIC_URL a page names the address it
 * was asked for (canonical link, JSON-LD), so the key holds the host too: a request with a forged Host
 * gets a page of its own, never one served to others. Null: not a page to keep.
 */
function cacheKey(req: IncomingMessage, path: string, query: string, keyByHost: boolean): string | null {
  let key = path
  if (CATEGORY_LIST.test(path)) {
    const view = categoryQueryOf(new URLSearchParams(query))
    if (view === null) return null
    key = `${path}${categoryQueryString(view)}`
  } else if (SEARCH.test(path)) {
    // Keyed by what the page shows: the query as typed (trimmed, cut) and the page; other parameters are ignored.
    const asked = searchRequestOf(new URLSearchParams(query))
    if (asked === null) return null
    key = `${path}?${new URLSearchParams({ q: asked.typed, page: String(asked.page) }).toString()}`
  } else if (PRODUCT.test(path)) {
    // Each variant's page is its own (price, stock, picture); other parameters are ignored, and a
    // value that names no variant of the product renders the product's first, kept once under the path.
    const variant = new URLSearchParams(query).get(VARIANT_PARAM)
    if (variant !== null && /^[a-z0-9-]{1,200}$/.test(variant)) key = `${path}?${VARIANT_PARAM}=${variant}`
  }
  if (!keyByHost) return key
  const { host, 'x-forwarded-host': forwardedHost, 'x-forwarded-proto': forwardedProto } = req.headers
  return `${String(forwardedProto ?? '')}|${String(forwardedHost ?? '')}|${host ?? ''}${key}`
}

/**
 * The header lines a kept copy repeats: everything the page was sent with (security headers, its
 * policy, type, caching, preload links) except what belongs to one response.
 */
function pageHeaderLines(headers: OutgoingHttpHeaders): string[] {
  const lines: string[] = []
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue
    for (const each of Array.isArray(value) ? value : [value]) lines.push(name, String(each))
  }
  return lines
}
