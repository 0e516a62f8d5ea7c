/**
 * Starting and stopping the processes that `npm run bench` and `npm run audit:pages` measure.
 *
 * The shop is started as `node server.js` directly (never through `npm start`, whose node child
 * would outlive it: docs/deploy.md, section 5) and stopped by its own pid. Ports come from 3300–3399.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

const PORT_RANGE = { first: 3300, last: 3399 }
const claimed = new Set<number>()

/** A port in 3300–3399 that nothing listens on right now (and that this process has not handed out). */
export async function freePort(): Promise<number> {
  for (let port = PORT_RANGE.first; port <= PORT_RANGE.last; port++) {
    if (claimed.has(port)) continue
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) {
      claimed.add(port)
      return port
    }
  }
  throw new Error(`No free port between ${PORT_RANGE.first} and ${PORT_RANGE.last}.`)
}

/** Runs `npm run build` (the production server and browser assets), showing its output only on failure. */
export async function buildShop(): Promise<void> {
  const started = Date.now()
  process.stderr.write('Building the production server (npm run build)… ')
  const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) {
    process.stderr.write('failed.\n')
    throw new Error(`npm run build exited with ${code}:\n${output.slice(-4000)}`)
  }
  process.stderr.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`)
}

export async function makeDataDir(label: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `unidrone-${label}-`))
}

export async function removeDataDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

export interface RunningProcess {
  pid: number
  /** Base URL on the loopback address, e.g. http://127.0.0.1:3301 */
  url: string
  output(): string
  stop(): Promise<void>
}

const running = new Set<RunningProcess>()

/** Stops every process started here (for error paths and Ctrl-C). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()))
}

function track(child: ChildProcess, urlPattern: RegExp, what: string, timeoutMs: number): Promise<RunningProcess> {
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = async () => {
    running.delete(handle)
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => {
      if (child.exitCode === null) child.kill('SIGKILL')
    }, 15_000)
    await exited
    clearTimeout(killer)
  }
  const handle: RunningProcess = { pid: child.pid!, url: '', output: () => output, stop }
  running.add(handle)
  return new Promise<RunningProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`))
    }, timeoutMs)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = urlPattern.exec(output)
      if (match && !handle.url) {
        // The shop prints http://localhost:<port>; we listen on 127.0.0.1 only, so talk to that.
        handle.url = `http://127.0.0.1:${new URL(match[1]!).port}`
        clearTimeout(timer)
        resolve(handle)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    void exited.then((code) => {
      running.delete(handle)
      if (!handle.url) {
        clearTimeout(timer)
        reject(new Error(`${what} exited with ${code} before it was ready:\n${output.slice(-4000)}`))
      }
    })
  })
}

export interface ShopProcessOptions {
  dataDir: string
  port: number
  env?: Record<string, string>
}

function inherited(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])))
}

/** `node server.js` in production mode on 127.0.0.1, against the embedded database in `dataDir`. */
export function startShop(options: ShopProcessOptions): Promise<RunningProcess> {
  // As npm start and the deployment guide start it (docs/decisions/033-process-memory.md).
  const child = spawn(process.execPath, ['server.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // A clean environment: a DATABASE_URL or PUBLIC_URL of the caller's must not leak into the measured shop.
    env: {
      ...inherited('PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'),
      NODE_ENV: 'production',
      DATA_DIR: options.dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      // A production shop names its address (http only for localhost).
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      ...options.env,
    },
  })
  return track(child, /The shop is open on (http:\/\/\S+)/, 'The shop', 180_000)
}

/** A baseline server (scripts/bench/plain-server.ts): the bytes of `page` for every request, or a React page rendered for each. */
export function startPlainServer(port: number, page: { file: string; encoding?: string } | 'react'): Promise<RunningProcess> {
  const what = page === 'react' ? ['react'] : [page.file, ...(page.encoding ? [page.encoding] : [])]
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'plain-server.ts'), String(port), ...what], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // React's production build, as the shop runs it.
    env: { ...process.env, NODE_ENV: 'production' },
  })
  return track(child, /listening on (http:\/\/\S+)/, 'The baseline server', 20_000)
}

/** Calls `stopAll` on Ctrl-C / SIGTERM so no server outlives the script. */
export function stopAllOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the servers this script started…\n`)
      void stopAll().finally(() => process.exit(130))
    })
  }
}

export function machineSummary(): string {
  const cpus = os.cpus()
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load}`
}
