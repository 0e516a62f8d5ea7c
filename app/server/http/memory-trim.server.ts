import type { Server } from 'node:http'
import { logger } from '../log.server.ts'

/** How often the process looks for a moment between requests to give memory back. */
const TRIM_EVERY_MS = 10_000

export type Trim = (pad: number) => number

/**
 * glibc's `malloc_trim`, through koffi (a foreign-function library whose prebuilt binary comes from
 * the npm registry), or null where there is none (macOS, Windows, musl) or it cannot be loaded.
 */
export async function loadMallocTrim(): Promise<Trim | null> {
  if (process.platform !== 'linux') return null
  try {
    const koffi = (await import('koffi')).default
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim
  } catch (error) {
    logger.debug({ err: error }, 'malloc_trim is not available; freed C memory stays with the process')
    return null
  }
}

/**
 * Gives the C heap's free pages back to the system while the process is between requests
 * (docs/decisions/033-process-memory.md).
 *
 * Buffers, compression state and the like are allocated with malloc and freed as V8 collects them.
 * glibc keeps freed memory for reuse and gives back only the top of its heap, which a single live
 * allocation pins: after the bench's load a PostgreSQL-backed shop held ~300 MB resident, of which
 * ~150 MB was free C memory; `malloc_trim(0)` returned it (142 MB resident). A trim walks the whole
 * heap (up to ~40 ms on a heap a load left at 500 MB), so it runs only when no request is in flight,
 * at most every ten seconds: under a steady load it waits, and afterwards it frees within seconds.
 */
export async function trimMemoryWhenIdle(
  server: Server,
  options: { everyMs?: number; trim?: Trim | null } = {},
): Promise<{ stop(): void }> {
  const trim = options.trim === undefined ? await loadMallocTrim() : options.trim
  if (!trim) return { stop() {} }
  let inFlight = 0
  server.on('request', (_req, res) => {
    inFlight++
    res.once('close', () => inFlight--)
  })
  const timer = setInterval(() => {
    if (inFlight > 0) return
    const started = performance.now()
    const before = process.memoryUsage.rss()
    trim(0)
    logger.debug({ ms: Math.round(performance.now() - started), freedBytes: before - process.memoryUsage.rss() }, 'gave free C memory back')
  }, options.everyMs ?? TRIM_EVERY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
