import { expect } from 'vitest'

export interface TimingComparison {
  /** Welch's statistic for the difference of the two means: how many standard errors apart they are. */
  z: number
  meanMs: [number, number]
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const variance = (values: number[]) => {
  const centre = mean(values)
  return values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / (values.length - 1)
}

/**
 * Times `samples` calls of each, as someone probing the shop would: after a warm-up (compiled code,
 * warm caches and connections), interleaved and in alternating order, so that a slow patch of the
 * machine falls on both alike. `run(kind, i)` makes the i-th call of that kind.
 */
export async function compareTimings(run: (kind: 0 | 1, i: number) => Promise<unknown>, { samples = 30, warmUp = 3 } = {}): Promise<TimingComparison> {
  for (let i = 0; i < warmUp; i++) {
    await run(0, samples + i)
    await run(1, samples + i)
  }
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < samples; i++) {
    const order: (0 | 1)[] = i % 2 === 0 ? [0, 1] : [1, 0]
    for (const kind of order) {
      const started = performance.now()
      await run(kind, i)
      times[kind].push(performance.now() - started)
    }
  }
  // A collection or a slow patch of the machine lands on one call or another; like someone probing
  // the shop, the comparison leaves out each kind's slowest tenth.
  const [a, b] = times.map((values) => values.sort((x, y) => x - y).slice(0, Math.ceil(values.length * 0.9))) as [number[], number[]]
  return { z: (mean(a) - mean(b)) / Math.sqrt(variance(a) / a.length + variance(b) / b.length), meanMs: [mean(a), mean(b)] }
}

/**
 * Differences smaller than this are not counted, however steady: a fraction of a millisecond is
 * the process's own noise (a timer firing late, the mail queue's worker running between two calls),
 * far below what any network path lets a prober see, while the work an answer must hide (a queued
 * e-mail, a database write) costs several milliseconds and more.
 */
const NOTICEABLE_MS = 2

/**
 * The two kinds of call take the same time as far as 30 samples each can tell: |z| < 2, or means
 * less than NOTICEABLE_MS apart. Chance alone puts |z| at 2 or more about one time in twenty, so
 * such a round is measured once more; a real difference shows in both rounds. `run` must take
 * fresh inputs for each of its calls: the second round uses indexes above the first's.
 */
export async function expectSameTiming(run: (kind: 0 | 1, i: number) => Promise<unknown>, samples = 30) {
  const rounds: TimingComparison[] = []
  for (let round = 0; round < 2; round++) {
    const offset = round * (samples + 10)
    const result = await compareTimings((kind, i) => run(kind, offset + i), { samples })
    rounds.push(result)
    if (Math.abs(result.z) < 2 || Math.abs(result.meanMs[0] - result.meanMs[1]) < NOTICEABLE_MS) return result
  }
  const described = rounds.map(({ z, meanMs }) => `z = ${z.toFixed(2)} (means ${meanMs.map((ms) => ms.toFixed(1)).join(' vs ')} ms)`).join('; ')
  expect.fail(`the two kinds of answer take measurably different times: ${described}`)
}
