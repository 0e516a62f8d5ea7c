import type { Metric, Registry } from 'prom-client'

/**
 * A counter and a histogram whose children are resolved once and bumped in place, for the request
 * path: a kept page's answer costs a few increments and a bucket search (about 0.1 µs), where
 * prom-client's `labels(…).inc()` and `observe()` check and join the label values on every call
 * (about 1.5 µs for a hit's three, measured) — several per cent of a page-cache hit. Each registers
 * in a prom-client registry as a metric of its own kind: the registry reads the same object at a
 * scrape as it gets from its own counters and histograms, and its cluster aggregation sums them
 * across processes like any other (docs/decisions/057-metrics.md).
 */

/** One counted series: bumped in place (`child.value += 1`). */
export interface CounterChild {
  readonly labels: Readonly<Record<string, string>>
  value: number
}

/** One timed series: its observations per bucket (not cumulative; the last one is +Inf), their sum and count. */
export interface HistogramChild {
  readonly labels: Readonly<Record<string, string>>
  readonly buckets: Float64Array
  sum: number
  count: number
}

/** What prom-client's registry reads of a metric, as its own counters and histograms give it. */
interface MetricValue {
  labels: Record<string, string | number>
  value: number
  metricName?: string
}

interface Config {
  name: string
  help: string
  labelNames: readonly string[]
}

abstract class FastMetric<Child extends { labels: Readonly<Record<string, string>> }> {
  readonly name: string
  readonly help: string
  readonly aggregator = 'sum'
  abstract readonly type: 'counter' | 'histogram'
  protected readonly children = new Map<string, Child>()

  protected readonly labelNames: readonly string[]

  constructor(config: Config) {
    this.name = config.name
    this.help = config.help
    this.labelNames = [...config.labelNames]
  }

  /** Registered once the subclass is complete (its type set). */
  protected registerIn(registers: Registry[]): void {
    for (const registry of registers) registry.registerMetric(this as unknown as Metric)
  }

  /** The child for these label values (in `labelNames` order), made on first use. */
  labels(...values: string[]): Child {
    const key = values.length === 1 ? values[0]! : values.join('\u0000')
    let child = this.children.get(key)
    if (!child) {
      const labelNames = this.labelNames
      if (labelNames.length !== values.length) throw new Error(`${this.name}: expected ${labelNames.length} label values, got ${values.length}`)
      child = this.newChild(Object.fromEntries(labelNames.map((name, at) => [name, values[at]!])))
      this.children.set(key, child)
    }
    return child
  }

  protected abstract newChild(labels: Record<string, string>): Child
  protected abstract valuesOf(child: Child): MetricValue[]

  /** What prom-client's registry reads at a scrape. */
  async get() {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: [...this.children.values()].flatMap((child) => this.valuesOf(child)),
    }
  }

  reset(): void {
    this.children.clear()
  }
}

export class FastCounter extends FastMetric<CounterChild> {
  readonly type = 'counter'

  constructor(config: Config & { registers: Registry[] }) {
    super(config)
    this.registerIn(config.registers)
  }

  protected newChild(labels: Record<string, string>): CounterChild {
    return { labels, value: 0 }
  }

  protected valuesOf(child: CounterChild): MetricValue[] {
    return [{ labels: { ...child.labels }, value: child.value }]
  }
}

export class FastHistogram extends FastMetric<HistogramChild> {
  readonly type = 'histogram'
  private readonly bounds: readonly number[]

  constructor(config: Config & { registers: Registry[]; buckets: readonly number[] }) {
    super(config)
    if (config.buckets.some((bound, at) => at > 0 && bound <= config.buckets[at - 1]!)) throw new Error(`${config.name}: buckets must increase`)
    this.bounds = [...config.buckets]
    this.registerIn(config.registers)
  }

  /** Records one observation in a child. */
  observe(child: HistogramChild, value: number): void {
    const bounds = this.bounds
    let at = 0
    while (at < bounds.length && value > bounds[at]!) at++
    child.buckets[at]! += 1
    child.sum += value
    child.count += 1
  }

  protected newChild(labels: Record<string, string>): HistogramChild {
    return { labels, buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 }
  }

  protected valuesOf(child: HistogramChild): MetricValue[] {
    const bucket = `${this.name}_bucket`
    const values: MetricValue[] = []
    let cumulative = 0
    this.bounds.forEach((bound, at) => {
      cumulative += child.buckets[at]!
      values.push({ labels: { le: bound, ...child.labels }, value: cumulative, metricName: bucket })
    })
    values.push({ labels: { le: '+Inf', ...child.labels }, value: child.count, metricName: bucket })
    values.push({ labels: { ...child.labels }, value: child.sum, metricName: `${this.name}_sum` })
    values.push({ labels: { ...child.labels }, value: child.count, metricName: `${this.name}_count` })
    return values
  }
}
