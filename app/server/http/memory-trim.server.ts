import type { Server } from 'node:http'
import { PerformanceObserver } from 'node:perf_hooks'
import { getHeapStatistics } from 'node:v8'
import { logger } from '../log.server.ts'

/** How often the process looks whether to give memory back. */
const CHECK_EVERY_MS = 2_000
/** How long no request must have been in flight. */
const QUIET_MS = 1_000
/** A collection once the shop is quiet: after this many requests, or with this much of V8's heap dead. */
const LOAD_REQUESTS = 1_000
const DEAD_HEAP_BYTES = 64 * 1024 * 1024

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
 * Once a load is over, gives back what it grew: V8's heap and the C heap's free pages
 * (docs/decisions/033-process-memory.md).
 *
 * - While 16 requests render at once V8 lets its heap grow to about four times what is live, and
 *   gives the pages back only when its memory reducer finds the process idle after a full collection.
 *   When the last full collection fell during the load that may never happen: 20 s after the bench's
 *   load a PostgreSQL-backed shop still held 276 MB of V8 pages for a ~65 MB heap. So once the shop
 *   is quiet after 1,000 requests, or with more than 64 MB of its heap dead, it collects in full and
 *   V8 returns its free pages (`gc()` from `--expose-gc`, see below; ~40–150 ms, once per load).
 * - Buffers, compression state and the like are allocated with malloc and freed as V8 collects them.
 *   glibc keeps freed memory for reuse and gives back only the top of its heap, which a single live
 *   allocation pins: after the load ~190 MB of the process was free C memory, and `malloc_trim(0)`
 *   returned it. A trim walks the whole heap (up to ~40 ms on a heap a load left at 500 MB).
 *
 * Both happen only when no request has been in flight for `quietMs`, and a trim only when a request
 * or a collection (which frees the memory of the buffers it finds dead) has come since the last one:
 * not under a steady load, and not again and again while the shop has nothing to do.
 */
export async function trimMemoryWhenIdle(
  server: Server,
  options: { checkEveryMs?: number; quietMs?: number; trim?: Trim | null; collect?: (() => void) | null } = {},
): Promise<{ stop(): void }> {
  const trim = options.trim === undefined ? await loadMallocTrim() : options.trim
  const collect = options.collect === undefined ? exposedGc() : options.collect
  const quietMs = options.quietMs ?? QUIET_MS
  let inFlight = 0
  let lastAnswer = 0
  let freedSinceTrim = true
  let answeredSinceCollect = 0
  server.on('request', (_req, res) => {
    inFlight++
    answeredSinceCollect++
    freedSinceTrim = true
    res.once('close', () => {
      inFlight--
      lastAnswer = performance.now()
    })
  })
  const collections = new PerformanceObserver(() => {
    freedSinceTrim = true
  })
  collections.observe({ entryTypes: ['gc'] })
  const timer = setInterval(() => {
    if (inFlight > 0 || performance.now() - lastAnswer < quietMs) return
    const heap = getHeapStatistics()
    const deadBytes = heap.total_heap_size - heap.used_heap_size
    if (collect && (answeredSinceCollect >= LOAD_REQUESTS || deadBytes > DEAD_HEAP_BYTES)) {
      const started = performance.now()
      collect()
      answeredSinceCollect = 0
      freedSinceTrim = true
      logger.debug({ ms: Math.round(performance.now() - started), deadBytes }, 'collected once the load was over')
    }
    if (!trim || !freedSinceTrim) return
    freedSinceTrim = false
    const started = performance.now()
    const before = process.memoryUsage.rss()
    trim(0)
    logger.debug({ ms: Math.round(performance.now() - started), freedBytes: before - process.memoryUsage.rss() }, 'gave free C memory back')
  }, options.checkEveryMs ?? CHECK_EVERY_MS)
  timer.unref()
  return {
    stop: () => {
      clearInterval(timer)
      collections.disconnect()
    },
  }
}

type ExposedGc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/**
 * A full collection that also gives V8's free pages back to the system at once: the `gc()` that
 * `--expose-gc` (the shop's Node options) defines, as "last resort" (V8 collects until nothing more
 * is freed and releases the pages it pools). A plain `gc()` leaves the pages to V8's memory reducer,
 * which after the bench's load did not give them back within 30 s. Null without the option.
 */
function exposedGc(): (() => void) | null {
  const gc = (globalThis as { gc?: unknown }).gc
  if (typeof gc !== 'function') return null
  return () => (gc as ExposedGc)({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
