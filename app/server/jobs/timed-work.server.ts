import { isDatabaseUnavailable } from '../db/unavailable.server.ts'
import { logger } from '../log.server.ts'

/** Work the shop does on its own, every so often, in every process (docs/decisions/025-timed-work.md). */
export interface TimedTask {
  name: string
  everySeconds: number
  /** Must be safe to run in several processes at once: it claims or guards each row it changes. */
  run(): Promise<unknown>
}

export interface TimedWork {
  /** Runs a task now (tests, and a kick after a write that makes work due). */
  runNow(name: string): Promise<void>
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>
}

/**
 * One mechanism for the shop's timed work (expiring reservations, mail retries, forgetting old
 * checkouts): each task runs on its own interval, one run at a time per process. Correctness never
 * depends on which process runs a task or how often: every task moves rows with guarded SQL, so two
 * processes running it at once change each row once. `failed` hears of each run that ended in an
 * error other than the database being away (the shop's metrics count them).
 */
export function startTimedWork(tasks: TimedTask[], options: { failed?: (task: string) => void } = {}): TimedWork {
  const running = new Map<string, Promise<void>>()
  let stopped = false

  function run(task: TimedTask): Promise<void> {
    const under = running.get(task.name)
    if (under) return under
    const started = task
      .run()
      .then(
        () => {},
        (error: unknown) => {
          if (isDatabaseUnavailable(error)) logger.warn({ task: task.name, err: error }, 'timed work skipped: the database is away')
          else {
            logger.error({ task: task.name, err: error }, 'timed work failed')
            options.failed?.(task.name)
          }
        },
      )
      .finally(() => running.delete(task.name))
    running.set(task.name, started)
    return started
  }

  const timers = tasks.map((task) => {
    const timer = setInterval(() => {
      if (!stopped) void run(task)
    }, task.everySeconds * 1000)
    timer.unref()
    return timer
  })

  return {
    async runNow(name) {
      const task = tasks.find((candidate) => candidate.name === name)
      if (!task) throw new Error(`No timed task "${name}"`)
      await run(task)
    },
    async stop() {
      stopped = true
      for (const timer of timers) clearInterval(timer)
      await Promise.allSettled([...running.values()])
    },
  }
}
