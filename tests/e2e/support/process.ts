import { spawn, type ChildProcess } from 'node:child_process'

export interface ShopProcess {
  child: ChildProcess
  url: Promise<string>
  output(): string
  stop(): Promise<number | null>
}

/**
 * Shops this worker started and has not seen exit. A test that runs out of time never reaches its
 * own `stop()`; when Playwright then ends the worker, they are ended with it, so a shop left behind
 * cannot hold its fixed port against the next run.
 */
const started = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL')
})

/** The shop's own process, started as `npm start` starts it once built, with its own settings. */
export function startShopProcess(env: Record<string, string>): ShopProcess {
  const child = spawn(process.execPath, ['server.js'], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'pipe' })
  started.add(child)
  child.on('exit', () => started.delete(child))
  let output = ''
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /open on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  url.catch(() => {})
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

/**
 * A spec's own fixed port, moved by E2E_PORT_OFFSET so that two checkouts of the shop can run
 * their browser suites on one machine at the same time.
 */
export const fixedPort = (port: number): number => port + Number(process.env.E2E_PORT_OFFSET ?? 0)
