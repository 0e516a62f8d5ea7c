import { spawn, type ChildProcess } from 'node:child_process'

export interface ShopProcess {
  child: ChildProcess
  url: Promise<string>
  output(): string
  stop(): Promise<number | null>
}

/** The shop's own process, started as `npm start` starts it once built, with its own settings. */
export function startShopProcess(env: Record<string, string>): ShopProcess {
  const child = spawn(process.execPath, ['server.js'], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'pipe' })
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
