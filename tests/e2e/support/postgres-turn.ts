import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The tests of this run that use the shared PostgreSQL server (multi-process.spec.ts) and the one that
 * restarts it (faults.spec.ts) take turns, across Playwright's workers: a lock file per run.
 */
export async function postgresTurn(): Promise<() => Promise<void>> {
  const run = createHash('sha1')
    .update(process.env.E2E_DATA_DIR ?? 'no-run-dir')
    .digest('hex')
    .slice(0, 12)
  const file = path.join(tmpdir(), `shop-e2e-postgres-${run}.lock`)
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' })
      return () => rm(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = (await readFile(file, 'utf8').catch(() => '')).trim()
      // A worker that died holding the turn does not keep it.
      if (holder && !existsSync(`/proc/${holder}`)) await rm(file, { force: true })
      else if (Date.now() > deadline) throw new Error(`waited 90 s for the PostgreSQL turn held by process ${holder}`, { cause: error })
      else await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}
