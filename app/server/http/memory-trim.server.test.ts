import { createServer, request, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import { loadMallocTrim, trimMemoryWhenIdle } from './memory-trim.server'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
})

/** A server whose /slow answer waits until `release` is called. */
async function serverWithSlowAnswer() {
  let release = () => {}
  const server = createServer((_req, res) => {
    release = () => res.end('done')
  })
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { server, port: (server.address() as AddressInfo).port, release: () => release() }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('giving free C memory back between requests', () => {
  it('trims once a request has come and gone and the shop has been quiet, never while one is in flight', async () => {
    const { server, port, release } = await serverWithSlowAnswer()
    let trims = 0
    const trimmer = await trimMemoryWhenIdle(server, { checkEveryMs: 20, quietMs: 150, trim: () => ++trims, collect: null })
    await pause(100)
    expect(trims).toBe(1)
    // Nothing asked, nothing freed: fifteen checks, no trim each time.
    await pause(300)
    expect(trims).toBeLessThan(3)

    const before = trims
    const answered = new Promise((resolve) => request({ port, path: '/slow' }, (res) => res.resume().on('end', resolve)).end())
    await pause(250)
    expect(trims, 'no trim while a request is in flight').toBe(before)
    release()
    await answered
    await pause(60)
    expect(trims, 'none within the quiet time after an answer').toBe(before)
    await pause(250)
    expect(trims).toBeGreaterThan(before)
    trimmer.stop()
  })

  it.runIf(process.platform === 'linux')('returns the freed memory of many small buffers to the system (glibc)', async () => {
    const trim = await loadMallocTrim()
    expect(trim, 'malloc_trim from libc.so.6 through koffi').not.toBeNull()
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    // Small buffers come from malloc's heap; keeping one in ten pins the pages around the rest.
    let buffers: (Buffer | null)[] = Array.from({ length: 150_000 }, (_, index) => Buffer.allocUnsafeSlow(1000 + (index % 50) * 40))
    buffers = buffers.map((buffer, index) => (index % 10 === 0 ? buffer : null))
    gc()
    await pause(200)
    const before = process.memoryUsage.rss()
    trim!(0)
    const freed = before - process.memoryUsage.rss()
    expect(freed).toBeGreaterThan(100 * 1024 * 1024)
    expect(buffers.filter(Boolean)).toHaveLength(15_000)
  })
})
