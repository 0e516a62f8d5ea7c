import { logger } from '../log.server.ts'
import type { Database, Executor } from './client.server.ts'

type Callbacks = (() => void)[]

/** What waits for each open transaction to commit (a savepoint inside one shares its list). */
const waiting = new WeakMap<object, Callbacks>()

function track(tx: Executor, callbacks: Callbacks): void {
  waiting.set(tx, callbacks)
  const savepoint = tx.transaction.bind(tx) as Database['transaction']
  tx.transaction = ((run, config) =>
    savepoint((inner) => {
      track(inner, callbacks)
      return run(inner)
    }, config)) as Database['transaction']
}

/**
 * Gives every transaction of `db` what Drizzle lacks, a hook for work that must wait for the commit
 * (`afterCommit`): its callbacks run once the outermost transaction has committed, and are dropped
 * when it rolls back.
 */
export function withAfterCommit<T extends Database>(db: T): T {
  const transaction = db.transaction.bind(db) as Database['transaction']
  db.transaction = (async (run, config) => {
    const callbacks: Callbacks = []
    const result = await transaction((tx) => {
      track(tx, callbacks)
      return run(tx)
    }, config)
    for (const callback of callbacks) {
      // The transaction has committed: what follows it cannot undo that, nor fail its caller.
      try {
        callback()
      } catch (error) {
        logger.error({ err: error }, 'work after a commit failed')
      }
    }
    return result
  }) as T['transaction']
  return db
}

/**
 * Runs `callback` once what was written through `executor` is there for everyone to see: at once
 * outside a transaction, after the commit inside one, never if it rolls back. One registered in a
 * savepoint waits for the outer commit, and runs even if the savepoint alone was rolled back, so a
 * callback looks for committed rows rather than trusting they are there. (A transaction of a
 * database that did not go through withAfterCommit runs it at once.)
 */
export function afterCommit(executor: Executor, callback: () => void): void {
  const callbacks = waiting.get(executor)
  if (callbacks) callbacks.push(callback)
  else callback()
}
