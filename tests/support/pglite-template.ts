import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../../app/server/db/client.server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty embedded database (PGlite's `dumpDataDir`), for tests/support/databases.ts. */
    pgliteTemplate: string
  }
}

/** Vitest's global setup: migrates one embedded database for the run and leaves its files for every test file to copy. */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-pglite-template-'))
  const file = path.join(folder, 'migrated.tar')
  const database = await openPglite()
  try {
    await database.migrate()
    await writeFile(file, Buffer.from(await (await database.pglite.dumpDataDir('none')).arrayBuffer()))
  } finally {
    await database.close()
  }
  project.provide('pgliteTemplate', file)
  return () => rm(folder, { recursive: true, force: true })
}
