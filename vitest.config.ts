import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * Files that take a minute or more (timing rounds, 10,000-product searches, the data commands). A fresh
 * clone has no timings from an earlier run, so Vitest would order files by size and could leave one of
 * these to run alone at the end; they start first instead.
 */
const SLOW = ['known-and-unknown-addresses.test.ts', 'migration-commands.test.ts', 'search.test.ts', 'migration.test.ts']
const slowness = (file: TestSpecification) => {
  const index = SLOW.findIndex((name) => file.moduleId.endsWith(`/tests/integration/${name}`))
  return index === -1 ? SLOW.length : index
}

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return (await super.sort(files)).sort((a, b) => slowness(a) - slowness(b))
  }
}

export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    env: { LOG_LEVEL: 'silent' },
    // Most of the files' time is spent waiting on a database, a timer or a child process, so three at a
    // time keep a 2-core machine busier than two (measured in docs/decisions/058-test-suite-time.md).
    maxWorkers: 3,
    sequence: { sequencer: SlowFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
