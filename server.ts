/**
 * The shop's process. `node server.ts` serves the production build (`npm start` builds it first
 * when needed); `node server.ts --dev` serves from source through Vite. With WEB_CONCURRENCY above 1
 * (production, PostgreSQL) this process starts that many shop processes on the same port instead.
 */
import cluster, { type Worker } from 'node:cluster'

type ShopModule = typeof import('./app/server/http/app.server.ts')

/** What a shop process started by the supervisor tells it. */
interface OpenMessage {
  type: 'open'
  url: string
}

const dev = process.argv.includes('--dev')

/**
 * React and the other libraries choose their production or development build from NODE_ENV when
 * they are first imported. The built shop always runs them in production form, `npm start` included;
 * whether this is a deployment (secrets required, https, two-step login for staff) stays the
 * operator's NODE_ENV, kept as SHOP_DEPLOYMENT_ENV for the shop's configuration (app/server/env.server.ts,
 * docs/decisions/030-production-libraries-in-the-demo.md). Processes started by node:cluster inherit both.
 */
if (!dev) {
  process.env.SHOP_DEPLOYMENT_ENV ??= process.env.NODE_ENV ?? ''
  process.env.NODE_ENV = 'production'
}

async function loadShop(): Promise<{ module: ShopModule; vite?: import('vite').ViteDevServer }> {
  if (!dev) return { module: (await import(new URL('./build/server/index.js', import.meta.url).href)) as ShopModule }
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  return { module: (await vite.ssrLoadModule('./app/server/http/app.server.ts')) as ShopModule, vite }
}

/** One shop process: serves until SIGTERM or SIGINT, then finishes its requests and exits 0. */
async function serve(module: ShopModule, vite?: import('vite').ViteDevServer) {
  const shop = await module.startShop({ vite })
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
 * (app/server/http/restarts.server.ts). A process that dies before the first start is complete
 * stops them all at once (exit 1): the same start would only fail again. SIGTERM or SIGINT is
 * passed on to every process; the supervisor exits once all have finished their requests (1 if any
 * of them failed to stop cleanly).
 */
function supervise(module: ShopModule, count: number) {
  const live = new Set<Worker>()
  const open = new Set<Worker>()
  let started = false
  let stopping = false
  let exitCode = 0
  const restarts = module.restartPolicy()

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
}

try {
  const { module, vite } = await loadShop()
  const processes = dev || cluster.isWorker ? 1 : module.parseEnv(process.env).WEB_CONCURRENCY
  if (processes > 1) supervise(module, processes)
  else await serve(module, vite)
} catch (error) {
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
  process.exit(1)
}
