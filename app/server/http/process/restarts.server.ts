/**
 * When the supervisor of several shop processes (`WEB_CONCURRENCY`, server.ts) starts another in
 * place of one that died: after 1 s, then 2, 4 … up to 30 s while they keep dying; after ten deaths
 * within five minutes it stops them all instead, so the service manager takes over.
 */
export interface RestartPolicyOptions {
  firstDelayMs: number
  maxDelayMs: number
  maxDeaths: number
  windowMs: number
}

export type AfterDeath = { stop: false; delayMs: number } | { stop: true; deaths: number }

export const RESTART_POLICY: RestartPolicyOptions = { firstDelayMs: 1000, maxDelayMs: 30_000, maxDeaths: 10, windowMs: 5 * 60_000 }

export function restartPolicy(options: RestartPolicyOptions = RESTART_POLICY): { died(now: number): AfterDeath } {
  let deaths: number[] = []
  return {
    died(now) {
      deaths = [...deaths.filter((at) => now - at < options.windowMs), now]
      if (deaths.length >= options.maxDeaths) return { stop: true, deaths: deaths.length }
      return { stop: false, delayMs: Math.min(options.firstDelayMs * 2 ** (deaths.length - 1), options.maxDelayMs) }
    },
  }
}
