import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    env: { LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
