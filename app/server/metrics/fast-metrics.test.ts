import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { FastCounter, FastHistogram } from './fast-metrics'

const BUCKETS = [0.001, 0.01, 0.1, 1]
const OBSERVED: [string, string, number][] = [
  ['/product/:productId', 'GET', 0.0004],
  ['/product/:productId', 'GET', 0.001],
  ['/product/:productId', 'GET', 0.02],
  ['/product/:productId', 'HEAD', 0.5],
  ['/*', 'GET', 3],
  ['/product/:productId', 'GET', 0.0009],
]

function fastRegistry() {
  const registry = new Registry()
  const requests = new FastCounter({ name: 'shop_requests_total', help: 'Requests.', labelNames: ['route', 'method'], registers: [registry] })
  const durations = new FastHistogram({
    name: 'shop_duration_seconds',
    help: 'Durations.',
    labelNames: ['route', 'method'],
    buckets: BUCKETS,
    registers: [registry],
  })
  for (const [route, method, seconds] of OBSERVED) {
    requests.labels(route, method).value += 1
    durations.observe(durations.labels(route, method), seconds)
  }
  return registry
}

function promClientRegistry() {
  const registry = new Registry()
  const requests = new Counter({ name: 'shop_requests_total', help: 'Requests.', labelNames: ['route', 'method'], registers: [registry] })
  const durations = new Histogram({
    name: 'shop_duration_seconds',
    help: 'Durations.',
    labelNames: ['route', 'method'],
    buckets: BUCKETS,
    registers: [registry],
  })
  for (const [route, method, seconds] of OBSERVED) {
    requests.inc({ route, method })
    durations.observe({ route, method }, seconds)
  }
  return registry
}

describe('counters and histograms with children resolved once', () => {
  it('read at a scrape exactly as prom-client’s own counter and histogram with the same observations', async () => {
    expect(await fastRegistry().metrics()).toBe(await promClientRegistry().metrics())
  })

  it('are summed across processes by prom-client’s cluster aggregation like its own', async () => {
    const fast = await fastRegistry().getMetricsAsJSON()
    const own = await promClientRegistry().getMetricsAsJSON()
    const summed = await AggregatorRegistry.aggregate([fast, fast]).metrics()
    expect(summed).toBe(await AggregatorRegistry.aggregate([own, own]).metrics())
    expect(summed).toContain('shop_requests_total{route="/product/:productId",method="GET"} 8')
    expect(summed).toContain('shop_duration_seconds_bucket{le="0.001",route="/product/:productId",method="GET"} 6')
  })

  it('bump the same child for the same label values, and refuse a wrong number of them', () => {
    const counter = new FastCounter({ name: 'c_total', help: 'c', labelNames: ['route', 'method'], registers: [] })
    expect(counter.labels('/', 'GET')).toBe(counter.labels('/', 'GET'))
    expect(counter.labels('/', 'GET')).not.toBe(counter.labels('/', 'HEAD'))
    expect(() => counter.labels('/')).toThrow('expected 2 label values')
    expect(() => new FastHistogram({ name: 'h', help: 'h', labelNames: [], buckets: [1, 0.5], registers: [] })).toThrow('buckets must increase')
  })
})
