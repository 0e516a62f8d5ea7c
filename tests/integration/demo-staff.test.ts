import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { listStaff } from '../../app/server/auth/staff.server'
import { openDatabase } from '../../app/server/db/client.server'
import { products } from '../../app/server/db/schema'
import { prepareDatabase } from '../../app/server/http/app.server'

/** The embedded database as a new shop prepares it (with `env`), and what the start-up printed. */
async function prepareFreshShop(dataDir: string, env: Record<string, string>) {
  const printed: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')))
  try {
    await prepareDatabase({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env })
  } finally {
    log.mockRestore()
  }
  const database = await openDatabase({ dataDir, role: 'shop' })
  try {
    return { staff: await listStaff(database.db), products: await database.db.$count(products), printed: printed.join('\n') }
  } finally {
    await database.close()
  }
}

/** Creating and seeding a new embedded database takes 10-40 s on a busy machine. */
const PREPARING_MS = 120_000

describe('what a new embedded database is given', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-demo-staff-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it(
    'the demo gets one, its password printed once',
    async () => {
      const { staff, products, printed } = await prepareFreshShop(dataDir, { DEMO_STAFF_EMAIL: 'demo-staff@unidrone.example' })
      expect(staff.map((member) => member.email)).toEqual(['demo-staff@unidrone.example'])
      expect(products).toBeGreaterThan(20)
      expect(printed).toMatch(/password:\s+\S{20,}/)
    },
    PREPARING_MS,
  )

  it(
    'a production shop gets no demo products and no staff account, and prints no password: its first staff account comes from `npm run staff -- add`',
    async () => {
      const { staff, products, printed } = await prepareFreshShop(dataDir, {
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://localhost:3997',
        BETTER_AUTH_SECRET: 'production-secret-production-secret-1234',
      })
      expect(staff).toEqual([])
      expect(products).toBe(0)
      expect(printed).not.toMatch(/password/i)
    },
    PREPARING_MS,
  )
})
