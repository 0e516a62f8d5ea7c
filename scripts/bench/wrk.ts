/**
 * The bench's load generator: wrk (Debian's `wrk` package), a C program in a process of its own, so
 * that generating the load never takes the measured server's place as the bottleneck (a generator in
 * Node keeps every response as a string and tops out near the shop's own rate).
 *
 * A row's requests go into a Lua script for wrk: one request is built once by wrk itself; a list
 * (many searches, many shoppers' checkouts) is formatted once at start and taken in turn. wrk is run
 * under `sh`, which reports the CPU time its finished child used, so that every row can say how busy
 * the generator was.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

export interface LoadRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

export interface LoadResult {
  rps: number
  /** Latency percentiles, ms. */
  p50: number
  p99: number
  requests: number
  /** Answers with a status of 400 or more. */
  badStatus: number
  /** Connections refused, broken or timed out. */
  errors: number
  bytesPerResponse: number
  /** CPU the generator used, in cores (1 = one core busy all the time). */
  generatorCores: number
}

/** The kernel's clock ticks per second, the unit of /proc's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/** Whether wrk can be run here; the bench says how to install it when not. */
export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined
}

/** A Lua string literal (paths and headers are ASCII; quotes and backslashes are escaped). */
const lua = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`
const luaTable = (record: Record<string, string>) =>
  `{ ${Object.entries(record)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ')} }`

function script(requests: LoadRequest[]): string {
  const done = `
function done(summary, latency, requests)
  io.write(string.format("WRK_JSON {\\"requests\\":%d,\\"duration\\":%d,\\"bytes\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d,\\"status\\":%d,\\"timeout\\":%d,\\"p50\\":%d,\\"p99\\":%d}\\n",
    summary.requests, summary.duration, summary.bytes, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout, latency:percentile(50), latency:percentile(99)))
end
`
  if (requests.length === 1) {
    const [only] = requests as [LoadRequest]
    return `wrk.method = ${lua(only.method)}\nwrk.path = ${lua(only.path)}\nwrk.headers = ${luaTable(only.headers)}\n${only.body === undefined ? '' : `wrk.body = ${lua(only.body)}\n`}${done}`
  }
  const list = requests
    .map((each) => `{ ${lua(each.method)}, ${lua(each.path)}, ${luaTable(each.headers)}, ${each.body === undefined ? 'nil' : lua(each.body)} }`)
    .join(',\n')
  return `local raw = {\n${list}\n}
local formatted = {}
local turn = 0
function init(args)
  for i, r in ipairs(raw) do formatted[i] = wrk.format(r[1], r[2], r[3], r[4]) end
end
function request()
  turn = turn % #formatted + 1
  return formatted[turn]
end
${done}`
}

/** Loads `base` with `requests` (taken in turn) over `connections` connections for `seconds`. */
export async function runWrk(base: string, requests: LoadRequest[], options: { connections: number; seconds: number; threads?: number }): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-wrk-'))
  try {
    const file = path.join(dir, 'row.lua')
    await writeFile(file, script(requests))
    const args = ['-t', String(options.threads ?? 1), '-c', String(options.connections), '-d', `${options.seconds}s`, '--timeout', '60s', '-s', file, base]
    // sh reports the user and system time of its waited-for child (fields cutime and cstime of /proc/<sh>/stat).
    const child = spawn('sh', ['-c', 'wrk "$@"; code=$?; read -r stat < /proc/$$/stat; echo "SH_STAT $stat"; exit $code', 'sh', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    const json = /WRK_JSON (\{.*\})/.exec(output)?.[1]
    if (code !== 0 || !json) throw new Error(`wrk failed (exit ${code}):\n${output.slice(-2000)}`)
    const summary = JSON.parse(json) as Record<'requests' | 'duration' | 'bytes' | 'connect' | 'read' | 'write' | 'status' | 'timeout' | 'p50' | 'p99', number>
    // /proc/<pid>/stat: after "(comm)", cutime and cstime are the 14th and 15th fields.
    const stat = /SH_STAT .*\) (.*)/.exec(output)?.[1]?.split(' ') ?? []
    const ticks = Number(stat[13]) + Number(stat[14])
    const seconds = summary.duration / 1e6
    return {
      rps: summary.requests / seconds,
      p50: summary.p50 / 1000,
      p99: summary.p99 / 1000,
      requests: summary.requests,
      badStatus: summary.status,
      errors: summary.connect + summary.read + summary.write + summary.timeout,
      bytesPerResponse: summary.requests ? summary.bytes / summary.requests : 0,
      generatorCores: ticks / CLOCK_TICKS / seconds,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
