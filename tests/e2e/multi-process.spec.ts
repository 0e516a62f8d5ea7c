/**
 * README.md, Architecture: the shop is stateless, so any number of processes can serve one PostgreSQL behind a
 * load balancer. Two production processes (`node server.js`) share one fresh database, one
 * BETTER_AUTH_SECRET and one PUBLIC_URL, as two replicas behind a balancer would; requests carry
 * that public Origin whichever process they reach. Proven here: a session made on one is valid on
 * the other (and ends on both); one payment submitted to both at the same moment makes one paid
 * order and one tax invoice; an uploaded image kept in the database is served by both; rate limits
 * count across both; and both can start at the same moment
 * on an empty database.
 */
import { existsSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { createScratchDatabase, withConnection } from '../../scripts/lib/scratch-database'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { addDemoDeliveryData } from '../../app/server/delivery/demo-delivery.server'
import { connectPostgres } from '../../app/server/db/client.server'
import { databaseImageFiles } from '../../app/server/images/file-store.server'
import { storeImage } from '../../app/server/images/media.server'
import { mediaFileUrl } from '../../app/lib/media'
import sharp from 'sharp'
import { fixedPort, startShopProcess, type ShopProcess } from './support/process'
import { DELIVERY_FORM, uniqueEmail } from './support/shop'
import { postgresTurn } from './support/postgres-turn'

const ADMIN_URL = process.env.TEST_DATABASE_URL
const SECRET = 'multi-process-secret-multi-process-0123'

test.skip(!ADMIN_URL, 'TEST_DATABASE_URL is not set: these tests need a PostgreSQL server that two shop processes can share (.ci/run sets it).')
// In order, in one worker: the processes listen on fixed ports.
test.describe.configure({ mode: 'default' })

interface Replica {
  shop: ShopProcess
  origin: string
  dataDir: string
}

/** One production process of the shop; `publicUrl` is the address the balancer gives both. */
async function startReplica(port: number, databaseUrl: string, publicUrl: string, extra: Record<string, string> = {}): Promise<Replica> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `shop-replica-${port}-`))
  const shop = startShopProcess({
    PORT: String(port),
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    PUBLIC_URL: publicUrl,
    ...extra,
  })
  return { shop, origin: `http://localhost:${port}`, dataDir }
}

async function stopReplica(replica: Replica | undefined) {
  if (!replica) return
  const code = await replica.shop.stop()
  await rm(replica.dataDir, { recursive: true, force: true })
  return code
}

interface Answer {
  status: number
  location: string | null
  cookie: string
  retryAfter: string | null
  text: string
}

/**
 * One request to one process as the balancer would pass it on: the public Host and a browser's
 * Origin, whichever process it reaches (React Router refuses a form whose Origin is not the
 * request's own origin). Node's http: no cookie jar — every cookie is sent by hand — and redirects
 * are answers, not followed; a new connection each time, as a balancer spreads them.
 */
function send(publicUrl: string, url: string, form?: Record<string, string>, cookie?: string): Promise<Answer> {
  const target = new URL(url)
  const body = form ? Buffer.from(new URLSearchParams(form).toString()) : undefined
  const headers: Record<string, string | number> = { host: new URL(publicUrl).host, origin: publicUrl }
  if (cookie) headers.cookie = cookie
  if (body) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length })
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: Number(target.port), path: `${target.pathname}${target.search}`, method: body ? 'POST' : 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            cookie: (res.headers['set-cookie'] ?? []).map((header) => header.split(';', 1)[0]!).join('; '),
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

test.describe('two processes on one database', () => {
  const A_PORT = fixedPort(3421)
  const B_PORT = fixedPort(3422)
  const PUBLIC = `http://localhost:${A_PORT}`
  let database: Awaited<ReturnType<typeof createScratchDatabase>>
  let a: Replica
  let b: Replica
  let release: (() => Promise<void>) | undefined
  const get = (url: string, cookie?: string) => send(PUBLIC, url, undefined, cookie)
  const post = (url: string, form: Record<string, string>, cookie?: string) => send(PUBLIC, url, form, cookie)

  test.beforeAll(async () => {
    test.setTimeout(150_000)
    release = await postgresTurn()
    database = await createScratchDatabase(ADMIN_URL!, 'shop_multi')
    // A PostgreSQL shop starts with no catalogue (only the embedded demo seeds itself): seed it as `npm run db:seed` would.
    const handle = connectPostgres(database.url, { max: 1 })
    await handle.migrate()
    await seedCatalog(handle.db)
    await addDemoDeliveryData(handle.db)
    await handle.close()
    ;[a, b] = await Promise.all([
      startReplica(A_PORT, database.url, PUBLIC, { AUTH_RATE_LIMIT: '3' }),
      startReplica(B_PORT, database.url, PUBLIC, { AUTH_RATE_LIMIT: '3' }),
    ])
    await Promise.all([a.shop.url, b.shop.url])
  })

  test.afterAll(async () => {
    let codes: (number | null | undefined)[]
    try {
      codes = await Promise.all([stopReplica(a), stopReplica(b)])
      await database?.drop()
    } finally {
      await release?.()
    }
    expect(codes, `processes exited with ${codes}: ${a?.shop.output()}\n${b?.shop.output()}`).toEqual([0, 0])
  })

  test('a session made on one process is valid on the other, and signing out on one ends it on both', async () => {
    const email = uniqueEmail('replica')
    const signUp = await post(`${a.origin}/login`, { email, password: 'replica password', intent: 'signup' })
    expect(signUp.status, signUp.text).toBe(200)
    // The e-mailed link confirms the address and signs in, on process A.
    const mail = await withConnection(database.url, (client) => client.query<{ text: string }>('select text from outbox where "to" = $1', [email]))
    const link = new URL(/(http:\/\/\S+\/verify-email\S+)/.exec(mail.rows[0]?.text ?? '')![1]!)
    const confirmed = await get(`${a.origin}${link.pathname}${link.search}`)
    expect(confirmed.status, confirmed.text).toBe(302)
    const cookie = confirmed.cookie
    expect(cookie).toContain('session_token=')

    const onB = await get(`${b.origin}/client`, cookie)
    expect(onB.status).toBe(200)
    expect(onB.text).toContain(email)
    const anonymousOnB = await get(`${b.origin}/client`)
    expect(anonymousOnB.status).toBe(302)
    expect(anonymousOnB.location).toMatch(/^\/login/)

    const logOut = await post(`${b.origin}/logout`, {}, cookie)
    expect(logOut.status).toBe(302)
    for (const replica of [a, b]) {
      const after = await get(`${replica.origin}/client`, cookie)
      expect(after.status, `the old cookie on ${replica.origin} after signing out on B`).toBe(302)
    }
  })

  test('an uploaded image kept in the database is served alike by both processes, each with a data directory of its own', async () => {
    expect(a.dataDir).not.toBe(b.dataDir)
    const handle = connectPostgres(database.url, { max: 1 })
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer()
    const stored = await storeImage(handle.db, databaseImageFiles, photo).finally(() => handle.close())
    const files = await Promise.all(
      [a, b].map(async (replica) => {
        const response = await fetch(`${replica.origin}${mediaFileUrl(stored.id, 640, 'webp')}`)
        expect(response.status, replica.origin).toBe(200)
        expect(response.headers.get('content-type')).toBe('image/webp')
        return Buffer.from(await response.arrayBuffer())
      }),
    )
    expect(files[0]!.length).toBeGreaterThan(0)
    expect(files[0]!.equals(files[1]!)).toBe(true)
  })

  test('one payment submitted to both processes at the same moment makes one paid order and one tax invoice', async () => {
    const cart = await post(`${a.origin}/checkout`, {
      items: JSON.stringify([
        { FBUID: 'unidrone-e900', productCount: 2 },
        { FBUID: 'uniesc-80a-foc', productCount: 1 },
      ]),
    })
    expect(cart.status, cart.text).toBe(303)
    // The delivery step on the other process: the checkout lives in the database, not in a process.
    const buyer = uniqueEmail('race-buyer')
    const checkout = await post(`${b.origin}/checkout/delivery`, { ...DELIVERY_FORM, email: buyer }, cart.cookie)
    expect(checkout.status, checkout.text).toBe(302)
    const sessionId = /\/pay\/demo\/([^/?]+)$/.exec(checkout.location ?? '')?.[1]
    expect(sessionId, checkout.location ?? '').toBeTruthy()

    const card = { email: buyer, cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Rita Race' }
    // The same payment, twice to each process, all at once: a double click, a retry and a duplicate delivery in one.
    const answers = await Promise.all([a, b, a, b].map((replica) => post(`${replica.origin}/pay/demo/${sessionId}`, card)))
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(302)
      expect(answer.location).toMatch(new RegExp(`/success\\?session_id=${sessionId}$`))
    }

    await withConnection(database.url, async (client) => {
      const { rows: orders } = await client.query<{ id: string; status: string; email: string | null }>(
        'select id, status, email from orders where provider_session_id = $1',
        [sessionId!],
      )
      expect(orders).toHaveLength(1)
      expect(orders[0]).toMatchObject({ status: 'paid', email: buyer })
      const { rows: invoices } = await client.query<{ text: string }>('select text from outbox where "to" = $1', [buyer])
      expect(invoices, 'order confirmations queued for the buyer').toHaveLength(1)
      expect(invoices[0]!.text).toContain('Thank you for your order')
      expect(invoices[0]!.text).toContain(orders[0]!.id)
      const { rows: moves } = await client.query<{ n: number }>(
        "select count(*)::int as n from history where collection = 'orders' and document_id = $1 and document->>'status' = 'paid'",
        [orders[0]!.id],
      )
      expect(moves[0]!.n, 'history rows recording the move to paid').toBe(1)
    })
    // Both processes show the buyer the same paid order.
    for (const replica of [a, b]) {
      const success = await get(`${replica.origin}/success?session_id=${sessionId}`)
      expect(success.text).toMatch(/Order (<!-- -->)?UD-/)
    }
  })

  test('the enquiry limit (5 per address per 10 minutes) counts across both processes', async () => {
    const statuses: number[] = []
    const waits: (string | null)[] = []
    for (const replica of [a, b, a, b, a, b, a]) {
      const response = await post(`${replica.origin}/contact`, {
        contactName: 'Lim Itt',
        contactEmail: uniqueEmail('limit'),
        contactPhone: '',
        contactCompany: '',
        contactMessage: 'Counting across processes.',
      })
      statuses.push(response.status)
      waits.push(response.retryAfter)
    }
    // Three on A and two on B are allowed; the sixth (on B) and the seventh (on A) are refused, and
    // say when to try again: within the ten minutes.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(waits.slice(0, 5)).toEqual([null, null, null, null, null])
    for (const wait of waits.slice(5)) {
      expect(Number(wait)).toBeGreaterThan(0)
      expect(Number(wait)).toBeLessThanOrEqual(600)
    }
  })

  test('the sign-in limit (AUTH_RATE_LIMIT=3 a minute) counts across both processes', async () => {
    const email = uniqueEmail('limit-login')
    const answers: { status: number; retryAfter: string | null }[] = []
    for (const replica of [a, b, a, b]) answers.push(await post(`${replica.origin}/login`, { email, password: 'not the password', intent: 'login' }))
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 429])
    // The refusal says when to try again: within the minute.
    expect(answers.slice(0, 3).map((answer) => answer.retryAfter)).toEqual([null, null, null])
    expect(Number(answers[3]!.retryAfter)).toBeGreaterThan(0)
    expect(Number(answers[3]!.retryAfter)).toBeLessThanOrEqual(60)
  })
})

test('two processes started at the same moment on an empty database both migrate it and start', async ({ request }) => {
  test.setTimeout(150_000)
  const release = await postgresTurn()
  const database = await createScratchDatabase(ADMIN_URL!, 'shop_multi')
  const public_ = `http://localhost:${fixedPort(3426)}`
  const replicas = await Promise.all([startReplica(fixedPort(3426), database.url, public_), startReplica(fixedPort(3427), database.url, public_)])
  try {
    const started = await Promise.allSettled(replicas.map((replica) => replica.shop.url))
    const problems = started.flatMap((outcome, index) =>
      outcome.status === 'rejected' ? [`process ${index + 1}: ${String(outcome.reason).slice(0, 600)}`] : [],
    )
    expect(problems, 'a deployment of two replicas must not race its own migrations').toEqual([])
    for (const replica of replicas) expect((await request.get(`${replica.origin}/robots.txt`)).status()).toBe(200)
  } finally {
    await Promise.all(replicas.map(stopReplica))
    await database.drop()
    await release()
  }
})

test.describe('WEB_CONCURRENCY', () => {
  let cleanup: (() => Promise<unknown>) | undefined
  // Run even when the test times out, so no process is left holding the port.
  test.afterEach(async () => {
    await cleanup?.()
    cleanup = undefined
  })

  test('=2 serves one port from two processes, replaces one that dies, and stops both on SIGTERM', async () => {
    test.setTimeout(150_000)
    const release = await postgresTurn()
    const database = await createScratchDatabase(ADMIN_URL!, 'shop_multi')
    const public_ = `http://localhost:${fixedPort(3428)}`
    const replica = await startReplica(fixedPort(3428), database.url, public_, { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' })
    cleanup = async () => {
      await stopReplica(replica)
      await database.drop()
      await release()
    }
    expect(await replica.shop.url).toBe(public_)
    expect(replica.shop.output()).toContain('(2 processes)')
    const logLines = () =>
      replica.shop
        .output()
        .split('\n')
        .flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as { msg: string; pid: number; status?: number }] : []))
    const listening = () =>
      logLines()
        .filter((line) => line.msg === 'shop is listening')
        .map((line) => line.pid)
    // Each process logs its own start (pino writes asynchronously: the line may follow the shop's).
    await expect.poll(() => new Set(listening()).size).toBe(2)
    const first = listening()

    // Each new connection goes to one process in turn: both answer.
    const statuses = await Promise.all(Array.from({ length: 20 }, () => send(public_, `${public_}/products`).then((answer) => answer.status)))
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    await expect
      .poll(
        () =>
          new Set(
            logLines()
              .filter((line) => line.msg === 'request')
              .map((line) => line.pid),
          ).size,
      )
      .toBe(2)

    // One process dies outright (as the kernel's OOM killer would): a new one takes its place, and
    // the shop answers every request again. (A connection handed to the dead process in the instant
    // it died is lost with it, as behind any balancer.)
    process.kill(first[0]!, 'SIGKILL')
    await expect.poll(() => listening().filter((pid) => !first.includes(pid)).length, { timeout: 30_000 }).toBe(1)
    const now = [first[1]!, ...listening().filter((pid) => !first.includes(pid))]
    const again = await Promise.all(Array.from({ length: 20 }, () => send(public_, `${public_}/products/autopilots`).then((answer) => answer.status)))
    expect(again.filter((status) => status !== 200)).toEqual([])
    await expect
      .poll(
        () =>
          new Set(
            logLines()
              .filter((line) => line.msg === 'request' && now.includes(line.pid))
              .map((line) => line.pid),
          ).size,
      )
      .toBe(2)

    // SIGTERM to the shop: both processes finish and exit, then the shop exits with 0.
    expect(await replica.shop.stop()).toBe(0)
    for (const pid of now) expect(existsSync(`/proc/${pid}`), `process ${pid} has exited`).toBe(false)
  })
})
