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
/** A process that dies after it opened is started again after this pause. */
const RESTART_DELAY_MS = 1000

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
    // A supervisor that is gone (even killed outright) leaves no process serving on its own.
    process.on('disconnect', () => void stop('supervisor gone'))
    process.send!({ type: 'open', url: shop.url } satisfies OpenMessage)
  } else {
    console.log(`The shop is open on ${shop.url}`)
  }
}

/**
 * WEB_CONCURRENCY above 1: starts that many shop processes sharing one port (node:cluster hands
 * each new connection to one of them), starts another when one dies, and on SIGTERM or SIGINT
 * passes the signal on and exits once every process has finished its requests. A process that dies
 * before it opened stops them all (exit 1): the same start would only fail again.
 */
function supervise(count: number) {
  const live = new Set<Worker>()
  let opened = 0
  let stopping = false
  let exitCode = 0

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
    let open = false
    worker.on('message', (message: OpenMessage) => {
      if (message?.type !== 'open' || open) return
      open = true
      opened += 1
      if (opened === count) console.log(`The shop is open on ${message.url} (${count} processes)`)
    })
    worker.on('exit', (code, signal) => {
      live.delete(worker)
      if (stopping) {
        if (live.size === 0) process.exit(exitCode)
        return
      }
      if (!open) {
        console.error(`A shop process could not start (exit ${code ?? signal}); stopping.`)
        stopAll(1)
        return
      }
      console.error(`A shop process stopped unexpectedly (exit ${code ?? signal}); starting another.`)
      setTimeout(() => (stopping ? undefined : start()), RESTART_DELAY_MS)
    })
  }

  process.on('SIGINT', () => stopAll(0))
  process.on('SIGTERM', () => stopAll(0))
  for (let i = 0; i < count; i++) start()
}

try {
  const { module, vite } = await loadShop()
  const processes = dev || cluster.isWorker ? 1 : module.parseEnv(process.env).WEB_CONCURRENCY
  if (processes > 1) supervise(processes)
  else await serve(module, vite)
} catch (error) {
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
  process.exit(1)
}
