import { describe, expect, it } from 'vitest'
import { restartPolicy } from './restarts.server.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND

describe('restarting shop processes that die', () => {
  it('waits twice as long after each recent death, at most 30 s, and stops all at the tenth within five minutes', () => {
    const policy = restartPolicy()
    const answers = Array.from({ length: 10 }, (_, index) => policy.died(index * 20 * SECOND))
    expect(answers.slice(0, 9).map((answer) => (answer.stop ? 'stop' : answer.delayMs / SECOND))).toEqual([1, 2, 4, 8, 16, 30, 30, 30, 30])
    expect(answers[9]).toEqual({ stop: true, deaths: 10 })
  })

  it('forgets deaths older than five minutes: a process dying now and then is started again after 1 s', () => {
    const policy = restartPolicy()
    for (let hour = 0; hour < 30; hour++) expect(policy.died(hour * 6 * MINUTE)).toEqual({ stop: false, delayMs: SECOND })
  })

  it('counts only the deaths of the last five minutes towards the limit', () => {
    const policy = restartPolicy()
    // Nine deaths a minute apart, then a quiet spell: by minute 12 only the last of them (minute 8) is recent.
    for (let minute = 0; minute < 9; minute++) expect(policy.died(minute * MINUTE).stop).toBe(false)
    expect(policy.died(12 * MINUTE)).toEqual({ stop: false, delayMs: 2 * SECOND })
  })
})
