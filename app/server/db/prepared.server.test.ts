import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { embeddedNeedsPreparing, embeddedPaths, markPrepared } from './client.server'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

it('prepares an embedded database in a process of its own only when it is new or has migrations to run', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-prepared-'))
  dirs.push(dataDir)
  expect(embeddedNeedsPreparing(dataDir), 'a new directory').toBe(true)
  mkdirSync(embeddedPaths(dataDir).pgliteDir)
  expect(embeddedNeedsPreparing(dataDir), 'files, but never prepared').toBe(true)
  markPrepared(dataDir)
  expect(embeddedNeedsPreparing(dataDir), 'prepared by this version').toBe(false)
  writeFileSync(embeddedPaths(dataDir).preparedFile, '0020_an_older_version\n')
  expect(embeddedNeedsPreparing(dataDir), 'prepared by a version with fewer migrations').toBe(true)
})
