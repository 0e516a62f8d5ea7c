import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    env: { LOG_LEVEL: 'silent' },
    // Files run two at a time: most of their time is spent waiting on a database or a timer, so even
    // a 2-core machine gains (Vitest's default leaves one core to itself there).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
