import { fork } from 'node:child_process'
import cluster, { type Worker } from 'node:cluster'
import type { ViteDevServer } from 'vite'
import { embeddedNeedsPreparing } from '../../db/client.server.ts'
import { parseEnv, type Env } from '../../env.server.ts'
import { clusterPrimarySource, serveMetricsPort } from '../../metrics/exposure.server.ts'
import { prepareDatabase, startShop } from '../app.server.ts'
import { restartPolicy } from './restarts.server.ts'

/** What a shop process started by the supervisor tells it. */
interface OpenMessage {
  type: 'open'
  url: string
}

/** One shop process: serves until SIGTERM or SIGINT, then finishes its requests and exits 0. */
async function serve(vite: ViteDevServer | undefined, prepared: boolean) {
  const shop = await startShop({ vite, prepared })
  let stopping = false
  const stop = async (reason: string) => {
    if (stopping) return
    stopping = true
    console.log(`${reason}: finishing requests and closing the database…`)
    await shop.close()
    await vite?.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT received'))
  process.on('SIGTERM', () => void stop('SIGTERM received'))
  if (cluster.isWorker) {
    // (A process whose supervisor is gone, even killed outright, is ended by node:cluster itself.)
    process.send!({ type: 'open', url: shop.url } satisfies OpenMessage)
  } else {
    console.log(`The shop is open on ${shop.url}${process.env.NODE_ENV === 'production' ? ' (React and the other libraries in their production build)' : ''}`)
  }
}

/**
 * WEB_CONCURRENCY above 1: starts that many shop processes sharing one port (node:cluster hands
 * each new connection to one of them) and says the shop is open once all of them are. One that dies
 * later is started again, after 1 s, then 2, 4 … up to 30 s while they keep dying; after ten
 * deaths within five minutes all are stopped (exit 1), so the service manager takes over
 * (app/server/http/process/restarts.server.ts). A process that dies before the first start is complete
 * stops them all at once (exit 1): the same start would only fail again. SIGTERM or SIGINT is
 * passed on to every process; the supervisor exits once all have finished their requests (1 if any
 * of them failed to stop cleanly).
 */
function supervise(count: number, config: Env) {
  const live = new Set<Worker>()
  const open = new Set<Worker>()
  let started = false
  let stopping = false
  let exitCode = 0
  const restarts = restartPolicy()

  const stopAll = (code: number) => {
    if (stopping) return
    stopping = true
    exitCode = code
    if (live.size === 0) process.exit(exitCode)
    for (const worker of live) worker.process.kill('SIGTERM')
  }

  const start = () => {
    const worker = cluster.fork()
    live.add(worker)
    worker.on('message', (message: OpenMessage) => {
      if (message?.type !== 'open') return
      open.add(worker)
      if (!started && open.size === count) {
        started = true
        console.log(`The shop is open on ${message.url} (${count} processes)`)
      }
    })
    worker.on('exit', (code, signal) => {
      live.delete(worker)
      open.delete(worker)
      if (stopping) {
        if (code !== 0) exitCode = exitCode || 1
        if (live.size === 0) process.exit(exitCode)
        return
      }
      if (!started) {
        console.error(`A shop process could not start (exit ${code ?? signal}); stopping.`)
        stopAll(1)
        return
      }
      const next = restarts.died(Date.now())
      if (next.stop) {
        console.error(`Shop processes died ${next.deaths} times in five minutes; stopping.`)
        stopAll(1)
        return
      }
      console.error(`A shop process stopped unexpectedly (exit ${code ?? signal}); starting another in ${next.delayMs / 1000} s.`)
      setTimeout(() => (stopping ? undefined : start()), next.delayMs)
    })
  }

  process.on('SIGINT', () => stopAll(0))
  process.on('SIGTERM', () => stopAll(0))
  for (let i = 0; i < count; i++) start()
  superviseMetrics(config, () => stopAll(1))
}

/**
 * With metrics on, the supervisor answers for all its processes (docs/decisions/057-metrics.md): it
 * serves the metrics port, and a process scraped on the shop's port asks it for the same sum.
 */
function superviseMetrics(config: Env, fail: () => void) {
  if (config.METRICS_TOKEN === undefined && config.METRICS_PORT === undefined) return
  const source = clusterPrimarySource()
  if (config.METRICS_PORT === undefined) return
  serveMetricsPort(config.HOST, config.METRICS_PORT, source).catch((error: unknown) => {
    console.error(`The metrics port ${config.METRICS_PORT} could not be opened: ${error instanceof Error ? error.message : String(error)}`)
    fail()
  })
}

/** Set for the short-lived process that prepares the embedded database (see below). */
const PREPARE_ONLY = 'SHOP_PREPARE_DATABASE_ONLY'

/**
 * A new embedded database, or one with migrations to run, is created, migrated and seeded by a
 * short-lived copy of this process (`server.js` again, with the same options), which exits before
 * this one opens the database. The embedded PostgreSQL's WebAssembly memory only grows: creating and
 * seeding a new database took the serving process to ~480 MB for good, against ~250 MB for one that
 * opens a prepared database (docs/decisions/033-process-memory.md). Its output (the demo staff
 * account, the log) is this process's own, and this one then opens the database without migrating or
 * preparing it again. A database already prepared by this version is opened directly (its migration
 * check then finds nothing to do).
 */
async function prepareInOwnProcess(): Promise<void> {
  const child = fork(process.argv[1]!, process.argv.slice(2), { env: { ...process.env, [PREPARE_ONLY]: '1' }, stdio: 'inherit' })
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)))
  if (code !== 0) process.exit(1)
}

/**
 * What `server.js` runs once it has loaded the shop: one shop process, or with WEB_CONCURRENCY above
 * 1 (production, PostgreSQL) a supervisor of that many. A configuration error is one sentence on
 * stderr and exit 1.
 */
export async function runShopProcess(options: { vite?: ViteDevServer } = {}): Promise<void> {
  try {
    if (process.env[PREPARE_ONLY] === '1') {
      await prepareDatabase()
      process.exit(0)
    }
    const config = parseEnv(process.env)
    const prepared = !options.vite && !config.DATABASE_URL && !cluster.isWorker && embeddedNeedsPreparing(config.DATA_DIR)
    if (prepared) await prepareInOwnProcess()
    const processes = options.vite || cluster.isWorker ? 1 : config.WEB_CONCURRENCY
    if (processes > 1) supervise(processes, config)
    else await serve(options.vite, prepared)
  } catch (error) {
    console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
    process.exit(1)
  }
}
