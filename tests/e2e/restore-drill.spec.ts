import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { connectPostgres, openDatabase, type DatabaseHandle } from '../../app/server/db/client.server'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { statusTokenOf } from '../../app/server/orders/order-links.server'
import { createScratchDatabase } from '../../scripts/lib/scratch-database'
import { signedInCustomer } from '../support/http-shop'
import { catalogueLine, paidTestOrder } from '../support/orders'
import { expect, test } from './fixtures'
import { postgresTurn } from './support/postgres-turn'
import { fixedPort, startShopProcess } from './support/process'

/** Requests a second while the backup is taken. */
const RATE = 200
const SECRET = 'restore-drill-secret-restore-drill-secret'

/**
 * The load generator, a process of its own: `node -e LOAD <origin> <cookie> <path>…`, the paths in
 * turn, as many requests as RATE a second make by now (a late timer is caught up, so the rate offered
 * holds) over 32 kept connections, until told to stop on its standard input; then it prints every
 * answer's status.
 */
const LOAD = `
import http from 'node:http'
const [origin, cookie, ...paths] = process.argv.slice(1)
// Like a load tester (wrk -c32): 32 connections kept open, each request waiting its turn for one.
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
const get = (path) =>
  new Promise((resolve) => {
    const request = http.get(origin + path, { agent, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } }, (answer) => {
      answer.resume()
      answer.on('end', () => resolve(answer.statusCode))
    })
    request.on('error', (error) => resolve(String(error)))
  })
const statuses = []
const started = []
let sending = true
process.stdin.on('data', () => (sending = false))
const begin = performance.now()
while (sending) {
  const due = Math.floor(((performance.now() - begin) * ${RATE}) / 1000)
  while (started.length < due) started.push(get(paths[started.length % paths.length]).then((status) => statuses.push(status)))
  await new Promise((resolve) => setTimeout(resolve, 2))
}
const seconds = (performance.now() - begin) / 1000
await Promise.all(started)
process.stdout.write(JSON.stringify({ statuses, seconds }))
`

/** An npm script of the shop's, as an operator runs it; its output. */
function npmRun(args: string[], env: Record<string, string>): string {
  const result = spawnSync('npm', ['run', '--silent', ...args], { env: { ...process.env, ...env }, encoding: 'utf8' })
  expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0)
  return result.stdout
}

/** A page as its shop wrote it, without what differs from one shop to another: its address and its scripts' nonce. */
const comparable = (text: string, origin: string) => text.replaceAll(origin, 'ORIGIN').replace(/nonce="[^"]*"/g, 'nonce=""')

/** Where a drill's shop keeps its data: a data directory of its own, or a database of its own on the PostgreSQL server. */
interface DrillStore {
  env: Record<string, string>
  /** `npm run restore`'s `--to`. */
  target: string
  open(): Promise<DatabaseHandle>
  drop(): Promise<void>
}

const ADMIN_URL = process.env.TEST_DATABASE_URL
const kinds: { name: string; server?: boolean; store(folder: string, name: string): Promise<DrillStore> }[] = [
  {
    name: 'the embedded database',
    store: async (folder, name) => {
      const dataDir = path.join(folder, name)
      return { env: { DATA_DIR: dataDir }, target: dataDir, open: () => openDatabase({ dataDir, role: 'command' }), drop: async () => {} }
    },
  },
  // On PostgreSQL too when the tests have a server (CI sets TEST_DATABASE_URL).
  ...(ADMIN_URL
    ? [
        {
          name: 'PostgreSQL',
          // The server is shared with the test that restarts it (faults.spec.ts): they take turns.
          server: true,
          store: async (folder: string, name: string) => {
            const database = await createScratchDatabase(ADMIN_URL, 'shop_drill')
            return {
              env: { DATABASE_URL: database.url, DATA_DIR: path.join(folder, name) },
              target: database.url,
              open: async () => connectPostgres(database.url, { max: 1 }),
              drop: database.drop,
            }
          },
        },
      ]
    : []),
]

/**
 * docs/deploy.md's restore drill: `npm run backup` while the shop serves 200 requests a second,
 * `npm run restore` into a new data directory or an empty database, a shop started on it: the same
 * pages, tax invoice and sign-in.
 */
for (const [index, kind] of kinds.entries()) {
  test(`a shop on ${kind.name} backed up under load is restored elsewhere and serves the same pages, tax invoice and sign-in`, async () => {
    test.setTimeout(240_000)
    const release = kind.server ? await postgresTurn() : async () => {}
    const folder = await mkdtemp(path.join(tmpdir(), 'shop-restore-drill-'))
    const [from, to] = [await kind.store(folder, 'from'), await kind.store(folder, 'to')]
    const env = { BETTER_AUTH_SECRET: SECRET }
    const original = startShopProcess({ ...env, ...from.env, PORT: String(fixedPort(3443 + 2 * index)) })
    let restored: ReturnType<typeof startShopProcess> | undefined
    try {
      const originalUrl = await original.url
      // A shop on PostgreSQL gets the demo data as its operator gives it (the embedded demo adds its own).
      if (kind.server) {
        const seeded = spawnSync(process.execPath, ['scripts/db-seed.ts'], { env: { ...process.env, ...from.env }, encoding: 'utf8' })
        expect(seeded.status, seeded.stderr).toBe(0)
      }
      // A customer's paid order (its tax invoice) and a customer signed in.
      const { db, close } = await from.open()
      const mailer = createMailService({ db, from: 'shop@unidrone.example', retrySeconds: 30 })
      const orderId = await paidTestOrder(
        { db, mailer, config: parseEnv({ PORT: '3999' }) },
        { lines: [await catalogueLine(db, 'unidrone-e900')], email: 'drill@example.com' },
      )
      const invoice = `/track-order/${await statusTokenOf(db, orderId)}/invoice`
      const { cookie } = await signedInCustomer(db, SECRET, 'member@example.com')
      await close()
      // Mostly catalogue pages, as a shop's traffic is; one in five the tax invoice or the customer's account, rendered each time.
      const mix = [
        '/',
        '/products/cameras',
        '/product/unidrone-e900',
        '/products/autopilots',
        invoice,
        '/',
        '/product/unicam-t2-thermal-gimbal',
        '/products/cameras',
        '/',
        '/client',
      ]
      const load = spawn(process.execPath, ['--input-type=module', '-e', LOAD, originalUrl, cookie, ...mix], { stdio: 'pipe' })
      let output = ''
      load.stdout.on('data', (chunk: Buffer) => (output += chunk))
      const ended = once(load, 'exit')
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      const file = path.join(folder, 'drill.backup.gz')
      const printed = npmRun(['backup', '--', '--out', file], from.env)
      expect(printed).toMatch(/^Backup written: .*drill\.backup\.gz\n {2}\d+ tables, \d+ rows\n {2}[\d.]+ MB in [\d.]+ s\n {2}SHA-256 [0-9a-f]{64}\n$/)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      load.stdin.end('stop')
      await ended
      const { statuses, seconds } = JSON.parse(output) as { statuses: (number | string)[]; seconds: number }
      const summary = `${statuses.length} requests in ${seconds.toFixed(1)} s`
      expect(statuses.length, summary).toBeGreaterThanOrEqual(Math.floor(RATE * seconds) - RATE / 10)
      expect(
        statuses.filter((status) => status !== 200),
        `${summary}; the shop logged:\n${original.output().slice(-3000)}`,
      ).toEqual([])

      expect(npmRun(['restore', '--', file, '--to', to.target], {})).toContain('checksum correct')
      // A second restore into it is refused, and changes nothing.
      const again = spawnSync('npm', ['run', '--silent', 'restore', '--', file, '--to', to.target], { encoding: 'utf8' })
      expect(again.status).toBe(1)
      expect(again.stderr).toMatch(/already holds a shop|is not empty/)

      restored = startShopProcess({ ...env, ...to.env, PORT: String(fixedPort(3444 + 2 * index)) })
      const restoredUrl = await restored.url
      for (const page of ['/', '/products/cameras', '/product/unidrone-e900', invoice]) {
        const [was, is] = await Promise.all([fetch(originalUrl + page), fetch(restoredUrl + page)])
        expect(is.status, page).toBe(200)
        expect(comparable(await is.text(), restoredUrl), page).toBe(comparable(await was.text(), originalUrl))
      }
      // The customer is still signed in, as themselves.
      const account = await fetch(`${restoredUrl}/client`, { headers: { cookie }, redirect: 'manual' })
      expect(account.status).toBe(200)
      expect(await account.text()).toContain('member@example.com')
    } finally {
      await original.stop()
      await restored?.stop()
      await from.drop()
      await to.drop()
      await rm(folder, { recursive: true, force: true })
      await release()
    }
  })
}
