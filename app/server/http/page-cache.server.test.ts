import { once } from 'node:events'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogReads } from '../catalog/catalog-reads.server'
import { createPageCache } from './page-cache.server'
import { contentSecurityPolicy } from './security.server'

/** The page cache in front of a stand-in renderer whose answer each test chooses. */
async function serveWith(render: (res: express.Response) => void, options: { keyByHost: boolean; databaseAway?: boolean }) {
  const catalog = {
    version: async () => {
      if (options.databaseAway) throw new Error('Connection terminated')
      return 1
    },
  } as CatalogReads
  const cache = createPageCache(catalog, { keyByHost: options.keyByHost })
  let renders = 0
  const app = express()
  app.use(cache.serve)
  app.use(compression())
  app.use(cache.store)
  app.get('/{*path}', (_req, res) => {
    renders += 1
    render(res)
  })
  const server = app.listen(0, '127.0.0.1')
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

  it('keeps search results by the query as typed and the page, and never more than 200 of them', async () => {
    const shop = await serveWith((res) => res.type('html').send(`<p>${res.req.originalUrl}</p>`), { keyByHost: false })
    const cache = async (path: string) => (await fetch(`${shop.base}${path}`)).headers.get('x-cache')
    expect(await cache('/search?q=camera')).toBe('MISS')
    expect(await cache('/search?q=camera&utm=x')).toBe('HIT')
    expect(await cache('/search?q=%20camera%20&page=1')).toBe('HIT')
    expect(await cache('/search?q=Camera')).toBe('MISS')
    expect(await cache('/search?q=camera&page=2')).toBe('MISS')
    expect(await cache('/search?q=camera&page=x'), 'not a page: rendered (a 404), not kept').toBeNull()
    expect(await cache('/products/cameras')).toBe('MISS')
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

  it('gives every answer of a kept page its own CSP nonce, the same in the policy and the page, plain or gzip-compressed', async () => {
    const rendered = 'UmVuZGVyZWROb25jZTAxMjM='
    const shop = await serveWith(
      (res) => {
        res.locals.nonce = rendered
        res.setHeader('Content-Security-Policy', contentSecurityPolicy(rendered))
        res.type('html').send(`<script nonce="${rendered}">one()</script>${'<p>Gimbal</p>'.repeat(100)}<script nonce="${rendered}">two()</script>`)
      },
      { keyByHost: false },
    )
    const path = `${shop.base}/product/unigimbal`
    await fetch(path)
    const nonces: string[] = []
    for (const encoding of ['identity', 'identity', 'gzip', 'gzip']) {
      // The gzip form is made in the background just after the page is kept.
      const answer = await vi.waitFor(async () => {
        const response = await fetch(path, { headers: { 'accept-encoding': encoding } })
        if (encoding === 'gzip' && response.headers.get('content-encoding') !== 'gzip') throw new Error('not compressed yet')
        return response
      })
      expect(answer.headers.get('x-cache')).toBe('HIT')
      const inPolicy = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy')!)![1]!
      const page = await answer.text()
      expect([...page.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])).toEqual([inPolicy, inPolicy])
      expect(page).toContain('<p>Gimbal</p><script')
      nonces.push(inPolicy)
    }
    expect(new Set([rendered, ...nonces]).size, 'no two answers share a nonce').toBe(5)
    expect(shop.renders()).toBe(1)
  })
})
