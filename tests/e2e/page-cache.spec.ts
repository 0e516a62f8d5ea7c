import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { expect, test } from './fixtures'
import { fixedPort, startShopProcess } from './support/process'
import { signUp, uniqueEmail, withShopDatabase } from './support/shop'

test('catalogue pages are served from the cache to visitors, and a product write retires them', async ({ page, request }) => {
  const path = '/product/unicam-m24-mapping-camera'
  // Other tests write products meanwhile, and every write retires the copy: ask until one is kept.
  await expect.poll(async () => (await request.get(path)).headers()['x-cache']).toBe('HIT')
  const cached = await request.get(path)
  expect(cached.headers()['cache-control']).toContain('s-maxage=')
  expect(cached.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/)

  // A write through the operator socket is a write by another process: seen within a second.
  await withShopDatabase(async (database) => {
    const editable = (await getEditableProduct(database.db, 'unicam-m24-mapping-camera'))!
    const prices = [{ ...editable.product.productPrices[0]!, value: 311_100 }]
    await updateProduct(database.db, 'unicam-m24-mapping-camera', editable.version, { ...editable.product, productPrices: prices }, 'cache test')
  })
  await expect.poll(async () => (await request.get(path)).text(), { timeout: 5_000 }).toContain('$3,111.00')

  await signUp(page, uniqueEmail('cache'), 'cache password')
  const signedIn = await page.request.get(path)
  expect(signedIn.headers()['x-cache']).toBeUndefined()
  expect(signedIn.headers()['cache-control']).toBe('private, no-cache')
})

interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A request with exactly these headers (Playwright's client would ask for gzip and undo it). */
function rawRequest(url: string, method: 'GET' | 'HEAD', headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

test('a cached page as sent is the same page in full or gzip-compressed, with its security headers, its own request id and a log line', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-page-cache-'))
  const shop = startShopProcess({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production', BETTER_AUTH_SECRET: 'page-cache-secret-page-cache-secret' })
  try {
    const page = `${await shop.url}/product/unidrone-e900`
    const rendered = await rawRequest(page, 'GET')
    expect(rendered.headers['x-cache']).toBe('MISS')

    // The gzip copy is made once, just after the page is kept.
    await expect.poll(async () => (await rawRequest(page, 'GET', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('gzip')
    const compressed = await rawRequest(page, 'GET', { 'accept-encoding': 'gzip, deflate, br' })
    const full = await rawRequest(page, 'GET')
    const refused = await rawRequest(page, 'GET', { 'accept-encoding': 'br, gzip;q=0' })
    const head = await rawRequest(page, 'HEAD', { 'accept-encoding': 'gzip' })

    for (const answer of [compressed, full, refused, head]) {
      expect(answer.status).toBe(200)
      expect(answer.headers['x-cache']).toBe('HIT')
      expect(answer.headers['vary']).toBe('Accept-Encoding')
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers['content-security-policy']).toBe(rendered.headers['content-security-policy'])
      expect(answer.headers['strict-transport-security']).toContain('max-age=')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['cache-control']).toContain('s-maxage=')
    }
    // Each answer is the page first rendered, byte for byte.
    expect(full.body.equals(rendered.body)).toBe(true)
    expect(full.headers['content-encoding']).toBeUndefined()
    expect(Number(full.headers['content-length'])).toBe(rendered.body.length)
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body.equals(rendered.body)).toBe(true)
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(compressed.body).equals(rendered.body)).toBe(true)
    expect(compressed.body.length).toBeLessThan(rendered.body.length / 3)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(compressed.headers['content-length'])

    // Without PUBLIC_URL a page names the host it was asked for: a forged Host gets a copy of its own.
    const forged = await rawRequest(page, 'GET', { host: 'forged.example' })
    expect(forged.headers['x-cache']).toBe('MISS')
    expect(forged.body.toString()).toContain('http://forged.example/product/unidrone-e900')
    const afterForged = await rawRequest(page, 'GET')
    expect(afterForged.headers['x-cache']).toBe('HIT')
    expect(afterForged.body.equals(rendered.body)).toBe(true)
    expect(afterForged.body.toString()).not.toContain('forged.example')

    const ids = [rendered, compressed, full, refused, head].map((answer) => answer.headers['x-request-id'])
    expect(new Set(ids).size).toBe(ids.length)
    // One log line for each of them, hits included, under its request id.
    await expect
      .poll(() => {
        const lines = shop
          .output()
          .split('\n')
          .flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as { msg: string; reqId?: string; status?: number }] : []))
        return ids.map((id) => lines.filter((line) => line.msg === 'request' && line.reqId === id && line.status === 200).length)
      })
      .toEqual(ids.map(() => 1))
  } finally {
    await shop.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
})
