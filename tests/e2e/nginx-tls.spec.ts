/**
 * docs/deploy.md §6, run as written: nginx with TLS in front of two shop processes on one
 * PostgreSQL. The nginx configuration is taken from the guide itself, with only the machine's
 * details changed (ports, certificate, paths), so the guide cannot drift from what works.
 * Needs nginx (`apt-get install nginx-light`; .ci/run installs it), openssl and TEST_DATABASE_URL.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { addDemoDeliveryData } from '../../app/server/delivery/demo-delivery.server'
import { checkoutCookieOf, DELIVERY_FORM } from './support/shop'
import { connectPostgres } from '../../app/server/db/client.server'
import { createScratchDatabase } from '../../scripts/lib/scratch-database'
import { postgresTurn } from './support/postgres-turn'
import { fixedPort, startShopProcess, type ShopProcess } from './support/process'

const ADMIN_URL = process.env.TEST_DATABASE_URL
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate))
test.skip(!ADMIN_URL, 'TEST_DATABASE_URL is not set: two shop processes need a PostgreSQL server to share (.ci/run sets it).')
test.skip(!NGINX, 'nginx is not installed (apt-get install nginx-light; .ci/run installs it).')
test.describe.configure({ mode: 'default' })

const SECRET = 'nginx-tls-secret-nginx-tls-secret-0123'
const METRICS_TOKEN = 'nginx-tls-metrics-token-0123456789abcdef'
const PORTS = { shopA: fixedPort(3431), shopB: fixedPort(3432), http: fixedPort(3433), https: fixedPort(3434) }

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/**
 * The guide's configuration for this machine: loopback ports instead of 80/443, a self-signed
 * certificate, the build's assets. `Host $host` becomes `$http_host`: on a port other than 443 the
 * port is part of the origin, and the shop compares a form's Origin with the host it was sent to.
 */
function configFromGuide(dir: string): string {
  const guide = readFileSync('docs/deploy.md', 'utf8')
  const block = /```nginx\n(# \/etc\/nginx\/conf\.d\/unidrone-shop\.conf\n[\s\S]*?)```/.exec(guide)?.[1]
  if (!block) throw new Error('docs/deploy.md has no nginx configuration block for unidrone-shop.conf')
  const site = block
    .replace('127.0.0.1:3001', `127.0.0.1:${PORTS.shopA}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${PORTS.shopB}`)
    .replace(/^\s*listen \[::\]:\d+[^\n]*\n/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${PORTS.http};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${PORTS.https} ssl http2;`)
    .replaceAll('shop.example.com', 'localhost')
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${dir}/cert.pem;`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${dir}/key.pem;`)
    .replace('/srv/unidrone-shop/assets/', `${path.resolve('build/client/assets')}/`)
    .replace('proxy_set_header Host              $host;', 'proxy_set_header Host              $http_host;')
  return [
    'daemon off;',
    'user root;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
    site,
    '}',
  ].join('\n')
}

function send(url: string, options: { ca?: Buffer; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const target = new URL(url)
  const requester = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = requester(
      target,
      {
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(options.body ? { 'content-length': Buffer.byteLength(options.body) } : {}) },
        ca: options.ca,
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('timeout', () => req.destroy(new Error('no answer within 15 s')))
    req.on('error', reject)
    req.end(options.body)
  })
}

test.describe('nginx with TLS in front of two processes (docs/deploy.md §6)', () => {
  let dir: string
  let nginx: ChildProcess | undefined
  let nginxLog = ''
  let shops: ShopProcess[] = []
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined
  let release: (() => Promise<void>) | undefined
  let ca: Buffer
  const base = `https://localhost:${PORTS.https}`

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    release = await postgresTurn()
    dir = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      { stdio: 'ignore' },
    )
    ca = readFileSync(`${dir}/cert.pem`)
    writeFileSync(`${dir}/nginx.conf`, configFromGuide(dir))
    execFileSync(NGINX!, ['-t', '-c', `${dir}/nginx.conf`], { stdio: 'pipe' })

    database = await createScratchDatabase(ADMIN_URL!, 'shop_nginx')
    const seed = connectPostgres(database.url, { max: 1 })
    await seed.migrate()
    await seedCatalog(seed.db)
    await addDemoDeliveryData(seed.db)
    await seed.close()
    shops = [PORTS.shopA, PORTS.shopB].map((port) =>
      startShopProcess({
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        PUBLIC_URL: `https://localhost:${PORTS.https}`,
        DATABASE_URL: database!.url,
        DATA_DIR: mkdtempSync(path.join(dir, `data-${port}-`)),
        BETTER_AUTH_SECRET: SECRET,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'info',
        METRICS_TOKEN,
      }),
    )
    await Promise.all(shops.map((shop) => shop.url))

    nginx = spawn(NGINX!, ['-c', `${dir}/nginx.conf`], { stdio: ['ignore', 'pipe', 'pipe'] })
    nginx.stderr!.on('data', (chunk: Buffer) => (nginxLog += chunk))
    for (let attempt = 0; ; attempt++) {
      const ready = await send(`${base}/readyz`, { ca }).catch(() => null)
      if (ready?.status === 200) break
      if (attempt > 50) throw new Error(`nginx did not answer: ${nginxLog}${existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : ''}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })

  test.afterAll(async () => {
    nginx?.kill('SIGQUIT')
    const codes = await Promise.all(shops.map((shop) => shop.stop()))
    await database?.drop()
    await release?.()
    if (dir) rmSync(dir, { recursive: true, force: true })
    expect(codes.every((code) => code === 0)).toBe(true)
  })

  test('plain HTTP is sent to HTTPS; pages come over TLS with the security headers, from both processes', async () => {
    const plain = await send(`http://localhost:${PORTS.http}/products/cameras`)
    expect(plain.status).toBe(301)
    expect(plain.headers.location).toBe('https://localhost/products/cameras')

    const page = await send(`${base}/product/unidrone-e900`, { ca })
    expect(page.status).toBe(200)
    expect(page.text).toContain('UniDrone E900')
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['x-request-id'], 'nginx request id passed through and echoed').toMatch(/^[0-9a-f]{32}$/)

    // Each request renders (a different query string is no cache key for /legals); nginx spreads them.
    for (let index = 0; index < 12; index++) expect((await send(`${base}/legals?visit=${index}`, { ca })).status).toBe(200)
    for (const shop of shops) expect(shop.output(), 'each process served some of the pages').toContain('"url":"/legals?visit=')
  })

  test('/metrics is never answered through nginx, token or not; each process answers it on its own port', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const through = await send(`${base}/metrics`, { ca, headers })
      expect(through.status).toBe(404)
      expect(through.text).not.toContain('shop_http_requests_total')
    }
    const direct = await send(`http://127.0.0.1:${PORTS.shopA}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(direct.status).toBe(200)
    expect(direct.text).toContain('shop_http_requests_total{route="/readyz",method="GET",status="200"}')
  })

  test('assets come from nginx with a year of caching; a form posted over TLS passes the same-origin check', async () => {
    const asset = readdirSync('build/client/assets').find((name) => name.endsWith('.js'))!
    const file = await send(`${base}/assets/${asset}`, { ca, headers: { 'accept-encoding': 'gzip' } })
    expect(file.status).toBe(200)
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(file.headers['content-encoding']).toBe('gzip')

    const cart = await send(`${base}/checkout`, {
      ca,
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ items: JSON.stringify([{ FBUID: 'unidrone-e900', productCount: 1 }]) }).toString(),
    })
    expect(cart.status, cart.text.slice(0, 200)).toBe(303)
    // Over TLS the checkout cookie is Secure.
    expect([cart.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('checkout='))).toMatch(/; Secure/)
    const checkout = await send(`${base}/checkout/delivery`, {
      ca,
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded', cookie: checkoutCookieOf(cart.headers['set-cookie']) },
      body: new URLSearchParams(DELIVERY_FORM).toString(),
    })
    expect(checkout.status, checkout.text.slice(0, 200)).toBe(302)
    expect(checkout.headers.location).toMatch(new RegExp(`^https://localhost:${PORTS.https}/pay/demo/`))

    const forged = await send(`${base}/checkout`, {
      ca,
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'items=[]',
    })
    expect(forged.status).toBe(403)
  })

  test('with one process stopped, nginx sends every visitor to the other', async () => {
    expect(await shops[0]!.stop()).toBe(0)
    const statuses: number[] = []
    for (let index = 0; index < 10; index++) statuses.push((await send(`${base}/legals?after-stop=${index}`, { ca })).status)
    expect(statuses).toEqual(Array(10).fill(200))
  })
})
