import { once } from 'node:events'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import type { CatalogReads } from '../../catalog/catalog-reads.server'
import { contentSecurityPolicy } from '../middleware/security.server'
import { createPageCache } from './page-cache.server'
import { renderedPages } from './rendered-pages.server'

/** The page cache in front of a stand-in renderer whose answer each test chooses, wired as the shop wires it. */
async function serveWith(render: (res: express.Response) => void, options: { keyByHost: boolean; databaseAway?: boolean; searchBytes?: number }) {
  const catalog = {
    version: async () => {
      if (options.databaseAway) throw new Error('Connection terminated')
      return 1
    },
    // Read within the last second, unless the database is away.
    knownVersion: () => (options.databaseAway ? null : 1),
  } as CatalogReads
  const cache = createPageCache(catalog, { keyByHost: options.keyByHost, searchBytes: options.searchBytes })
  let renders = 0
  const app = express()
  app.use(renderedPages(cache))
  app.get('/{*path}', (_req, res) => {
    renders += 1
    render(res)
  })
  let requests = 0
  const server = createServer((req, res) => cache.handle(req, res, `request-${++requests}`, () => app(req, res)))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closers.push(() => new Promise((resolve) => server.close(resolve)))
  return { base, renders: () => renders }
}

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

describe('the catalogue page cache', () => {
  it('keeps a 200 page and answers the next visitor from it, untouched', async () => {
    const shop = await serveWith((res) => res.type('html').send('<p>E900</p>'), { keyByHost: false })
    const first = await fetch(`${shop.base}/product/unidrone-e900`)
    expect(first.headers.get('x-cache')).toBe('MISS')
    const second = await fetch(`${shop.base}/product/unidrone-e900`)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(await second.text()).toBe('<p>E900</p>')
    expect(shop.renders()).toBe(1)
  })

  it('keeps search results by the query as typed and the page, within their own budget of bytes', async () => {
    const shop = await serveWith((res) => res.type('html').send(`<p>${res.req.originalUrl}</p>`), { keyByHost: false, searchBytes: 3_000 })
    const cache = async (path: string) => (await fetch(`${shop.base}${path}`)).headers.get('x-cache')
    expect(await cache('/search?q=camera')).toBe('MISS')
    expect(await cache('/search?q=camera&utm=x')).toBe('HIT')
    expect(await cache('/search?q=%20camera%20&page=1')).toBe('HIT')
    expect(await cache('/search?q=Camera')).toBe('MISS')
    expect(await cache('/search?q=camera&page=2')).toBe('MISS')
    expect(await cache('/search?q=camera&page=x'), 'not a page: rendered (a 404), not kept').toBeNull()
    expect(await cache('/products/cameras')).toBe('MISS')
    // Each kept search is ~25 bytes, kept plain (too small to compress): 200 more overflow a 3 KB budget.
    for (let i = 0; i < 200; i++) await cache(`/search?q=query${i}`)
    expect(await cache('/search?q=camera'), 'pushed out by newer searches').toBe('MISS')
    expect(await cache('/products/cameras'), 'the catalogue page stays').toBe('HIT')
  })

  it('tells shared caches not to keep a failed catalogue page, and keeps none itself', async () => {
    const shop = await serveWith((res) => res.status(503).set('Retry-After', '5').type('html').send('busy'), { keyByHost: false })
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${shop.base}/products/cameras`)
      expect(answer.status).toBe(503)
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    expect(shop.renders()).toBe(2)
  })

  it('marks a page it has no copy of, failing while the database is away, as not for shared caches', async () => {
    const shop = await serveWith((res) => res.status(503).type('html').send('busy'), { keyByHost: false, databaseAway: true })
    const answer = await fetch(`${shop.base}/`)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  it('without PUBLIC_URL keeps a copy per host, so a forged Host never reaches other visitors', async () => {
    const shop = await serveWith((res) => res.type('html').send(`<link rel="canonical" href="http://${res.req.get('host')}/">`), { keyByHost: true })
    await fetch(`${shop.base}/`)
    // fetch() will not send another Host; node:http will.
    const forged = await new Promise<string>((resolve, reject) => {
      request(`${shop.base}/`, { headers: { host: 'forged.example' } }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk))
        res.on('end', () => resolve(text))
      })
        .on('error', reject)
        .end()
    })
    expect(forged).toContain('forged.example')
    const honest = await fetch(`${shop.base}/`)
    expect(honest.headers.get('x-cache')).toBe('HIT')
    expect(await honest.text()).not.toContain('forged.example')
  })

  it('answers a kept page in the encoding each client asks for, with the policy and nonce it was rendered with', async () => {
    const rendered = 'UmVuZGVyZWROb25jZTAxMjM='
    const page = `<script nonce="${rendered}">one()</script>${'<p>Gimbal</p>'.repeat(100)}<script nonce="${rendered}">two()</script>`
    const shop = await serveWith(
      (res) => {
        res.setHeader('Content-Security-Policy', contentSecurityPolicy(rendered))
        res.type('html').send(page)
      },
      { keyByHost: false },
    )
    const path = `${shop.base}/product/unigimbal`
    const first = await get(path, { 'accept-encoding': 'gzip, deflate, br' })
    expect(first.headers['x-cache']).toBe('MISS')
    const decoded = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body }
    for (const [asked, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['', 'identity'],
    ] as const) {
      const answer = await get(path, { 'accept-encoding': asked })
      expect(answer.headers['x-cache']).toBe('HIT')
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding)
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
      expect(answer.headers['vary']).toBe('Accept-Encoding')
      expect(answer.headers['content-security-policy']).toBe(contentSecurityPolicy(rendered))
      expect(answer.headers['x-request-id']).toMatch(/^request-\d+$/)
      expect(decoded[encoding](answer.body).toString()).toBe(page)
    }
    expect(shop.renders()).toBe(1)
  })

  it('renders a page for staff every time and keeps none of it, and gives a signed-in customer the kept page', async () => {
    const shop = await serveWith((res) => res.type('html').send(`<p>${res.req.get('cookie') ?? 'nobody'}</p>`), { keyByHost: false })
    const session = 'better-auth.session_token=abc.def'
    const staff = await get(`${shop.base}/products`, { cookie: `${session}; shop_signed_in=staff` })
    expect(staff.headers['x-cache']).toBeUndefined()
    expect(staff.headers['cache-control']).toContain('no-store')
    expect(staff.body.toString()).toContain('shop_signed_in=staff')
    const customer = await get(`${shop.base}/products`, { cookie: `${session}; shop_signed_in=customer` })
    expect(customer.headers['x-cache']).toBe('MISS')
    expect(customer.body.toString(), 'rendered without the session').not.toContain('session_token')
    expect((await get(`${shop.base}/products`, {})).headers['x-cache']).toBe('HIT')
    expect(shop.renders()).toBe(2)
  })

  it('renders a trade customer’s page with their session every time, keeps none of it, and keeps no page its route made private', async () => {
    const shop = await serveWith(
      (res) => {
        const cookie = res.req.get('cookie') ?? ''
        if (cookie.includes('session_token')) res.set('Cache-Control', 'private, no-store')
        res.type('html').send(`<p>${cookie.includes('session_token') ? 'trade price' : 'normal price'}</p>`)
      },
      { keyByHost: false },
    )
    const session = 'better-auth.session_token=abc.def'
    for (let i = 0; i < 2; i++) {
      const trade = await get(`${shop.base}/product/unidrone-e900`, { cookie: `${session}; shop_signed_in=trade` })
      expect(trade.headers['x-cache']).toBeUndefined()
      expect(trade.headers['cache-control']).toBe('private, no-store')
      expect(trade.body.toString()).toBe('<p>trade price</p>')
    }
    const anonymous = await get(`${shop.base}/product/unidrone-e900`, {})
    expect(anonymous.headers['x-cache']).toBe('MISS')
    expect(anonymous.body.toString()).toBe('<p>normal price</p>')
    expect(shop.renders()).toBe(3)
  })

  it('keeps no page whose render said it is one person’s, however the request came in', async () => {
    const shop = await serveWith((res) => res.set('Cache-Control', 'private, no-store').type('html').send('<p>mine</p>'), { keyByHost: false })
    for (let i = 0; i < 2; i++) expect((await fetch(`${shop.base}/products/cameras`)).headers.get('x-cache')).toBe('MISS')
    expect(shop.renders()).toBe(2)
  })
})

function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}
