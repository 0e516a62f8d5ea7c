import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { expect, test } from './fixtures'
import { fixedPort, startShopProcess } from './support/process'
import { addDemoData, signUp, uniqueEmail, withShopDatabase } from './support/shop'

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

  // A signed-in customer gets the same kept page (signed-in-pages.spec.ts follows it in the browser).
  const email = uniqueEmail('cache')
  await signUp(page, email, 'cache password')
  const signedIn = await page.request.get(path)
  expect(signedIn.headers()['x-cache']).toMatch(/^(HIT|MISS)$/)
  expect(await signedIn.text()).not.toContain(email)
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

/** The CSP nonce of an answer, from its policy, after checking that every script in the page carries that one. */
function nonceOf(answer: { headers: IncomingHttpHeaders; body: Buffer }, html = answer.body.toString()): string {
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))![1]!
  const inPage = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1])
  expect(inPage.length).toBeGreaterThan(0)
  expect(new Set(inPage)).toEqual(new Set([nonce]))
  return nonce
}

test('a cached page as sent is the same page in every encoding, with its security headers, its nonce, a request id and log line of its own', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-page-cache-'))
  const port = fixedPort(3429)
  const shop = startShopProcess({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: 'page-cache-secret-page-cache-secret',
  })
  try {
    const origin = await shop.url
    // A production shop has no products until an operator adds some.
    addDemoData(dataDir)
    const page = `${origin}/product/unidrone-e900`
    const rendered = await rawRequest(page, 'GET')
    expect(rendered.headers['x-cache']).toBe('MISS')

    const browser = await rawRequest(page, 'GET', { 'accept-encoding': 'gzip, deflate, br' })
    const gzipOnly = await rawRequest(page, 'GET', { 'accept-encoding': 'gzip' })
    const full = await rawRequest(page, 'GET')
    const refused = await rawRequest(page, 'GET', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    const head = await rawRequest(page, 'HEAD', { 'accept-encoding': 'gzip' })

    // The page as each answer holds it.
    const html = (answer: RawAnswer) =>
      (answer === browser ? brotliDecompressSync(answer.body) : answer === gzipOnly ? gunzipSync(answer.body) : answer.body).toString()
    // The nonce was made for this page when it was rendered: every copy carries it, in its policy and its scripts.
    const nonce = nonceOf(rendered)
    for (const answer of [browser, gzipOnly, full, refused, head]) {
      expect(answer.status).toBe(200)
      expect(answer.headers['x-cache']).toBe('HIT')
      expect(answer.headers['vary']).toBe('Accept-Encoding')
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers['content-security-policy']).toBe(rendered.headers['content-security-policy'])
      expect(answer.headers['strict-transport-security']).toContain('max-age=')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['cache-control']).toContain('s-maxage=')
    }
    for (const answer of [browser, gzipOnly, full, refused]) {
      expect(html(answer)).toBe(rendered.body.toString())
      expect(nonceOf(answer, html(answer))).toBe(nonce)
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    }
    expect(full.headers['content-encoding']).toBeUndefined()
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(browser.headers['content-encoding']).toBe('br')
    expect(gzipOnly.headers['content-encoding']).toBe('gzip')
    expect(browser.body.length).toBeLessThan(rendered.body.length / 3)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(gzipOnly.headers['content-length'])

    // A production shop names its PUBLIC_URL whatever the Host: a forged one changes nothing.
    const forged = await rawRequest(page, 'GET', { host: 'forged.example' })
    expect(forged.headers['x-cache']).toBe('HIT')
    expect(forged.body.toString()).not.toContain('forged.example')
    expect(forged.body.toString()).toContain(`http://localhost:${port}/product/unidrone-e900`)

    const ids = [rendered, browser, gzipOnly, full, refused, head].map((answer) => answer.headers['x-request-id'])
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
