import cluster from 'node:cluster'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { NextFunction, Request, Response } from 'express'
import { AggregatorRegistry, type Registry } from 'prom-client'
import { logger } from '../log.server.ts'
import { bearerTokenMatches } from './bearer.ts'

/** The text a scrape gets, and its content type. */
export type MetricsSource = () => Promise<{ contentType: string; body: string }>

/** A registry's own metrics: the one shop process's. */
export const registrySource =
  (registry: Registry): MetricsSource =>
  async () => ({ contentType: registry.contentType, body: await registry.metrics() })

/**
 * `/metrics` on the shop's port (METRICS_TOKEN): only for `Authorization: Bearer <token>`. A request
 * without it or with another token gets 401 with `WWW-Authenticate: Bearer`, so a scraper's owner
 * sees at once that the token is wrong (with no METRICS_TOKEN the address does not exist: 404).
 */
export function metricsOnShopPort(token: string, source: MetricsSource) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.set('Cache-Control', 'no-store')
    if (!bearerTokenMatches(req.headers.authorization, token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Metrics need the METRICS_TOKEN as a bearer token.')
      return
    }
    source().then(
      ({ contentType, body }) => void res.type(contentType).send(body),
      (error: unknown) => next(error),
    )
  }
}

export interface MetricsListener {
  url: string
  close(): Promise<void>
}

/**
 * The metrics port (METRICS_PORT): `/metrics` and nothing else, without a token. It belongs on a
 * private interface (HOST, or a firewall), as the deployment guide says.
 */
export async function serveMetricsPort(host: string, port: number, source: MetricsSource): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    const url = req.url ?? ''
    const queryAt = url.indexOf('?')
    if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Only /metrics is served here.')
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end()
      return
    }
    source().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) })
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected')
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Metrics could not be collected.')
      },
    )
  })
  server.listen(port, host)
  await once(server, 'listening')
  const address = server.address() as AddressInfo
  logger.info({ port: address.port, host }, 'metrics are served on their own port')
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The message a shop process sends its supervisor for the metrics of all processes, and the answer. */
interface MetricsMessage {
  type: 'shop:metrics'
  id: number
  body?: string
  error?: string
}

const isMetricsMessage = (message: unknown): message is MetricsMessage => (message as MetricsMessage | null)?.type === 'shop:metrics'

/** A little more than prom-client's own 5 s wait for every process's answer. */
const RELAY_TIMEOUT_MS = 6000

/**
 * WEB_CONCURRENCY above 1, in each shop process: its registry answers the supervisor's requests
 * (prom-client's cluster support), and a scrape of `/metrics` on the shared port, which node:cluster
 * hands to any one process, asks the supervisor for the sum of all of them, so every scrape sees
 * the same counters whichever process takes it (docs/decisions/057-metrics.md).
 */
export function clusterWorkerSource(registry: Registry): MetricsSource {
  AggregatorRegistry.setRegistries([registry])
  // Constructing one adds prom-client's listener for the supervisor's requests.
  new AggregatorRegistry()
  const waiting = new Map<number, (message: MetricsMessage) => void>()
  let next = 0
  process.on('message', (message: unknown) => {
    if (isMetricsMessage(message)) waiting.get(message.id)?.(message)
  })
  return () =>
    new Promise((resolve, reject) => {
      const id = next++
      const timer = setTimeout(() => {
        waiting.delete(id)
        reject(new Error('the supervisor did not answer with the metrics in time'))
      }, RELAY_TIMEOUT_MS)
      waiting.set(id, (message) => {
        clearTimeout(timer)
        waiting.delete(id)
        if (message.error !== undefined || message.body === undefined) reject(new Error(`metrics: ${message.error ?? 'no answer'}`))
        else resolve({ contentType: AggregatorRegistry.PROMETHEUS_CONTENT_TYPE, body: message.body })
      })
      process.send!({ type: 'shop:metrics', id } satisfies MetricsMessage)
    })
}

/**
 * The supervisor of several shop processes: the sum of every process's metrics (counters and
 * histograms added up, each database reading once), for its metrics port and for a process that
 * was scraped on the shop's port.
 */
export function clusterPrimarySource(): MetricsSource {
  const aggregator = new AggregatorRegistry()
  const source: MetricsSource = async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() })
  cluster.on('message', (worker, message: unknown) => {
    if (!isMetricsMessage(message)) return
    source().then(
      ({ body }) => worker.isConnected() && worker.send({ type: 'shop:metrics', id: message.id, body } satisfies MetricsMessage),
      (error: unknown) => worker.isConnected() && worker.send({ type: 'shop:metrics', id: message.id, error: String(error) } satisfies MetricsMessage),
    )
  })
  return source
}
