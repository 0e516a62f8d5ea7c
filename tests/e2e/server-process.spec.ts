import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startShopProcess } from './support/process'

test.describe('the shop process', () => {
  let dataDir: string
  test.beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-process-'))
  })
  test.afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  test('starts on an empty directory with the demo catalogue, serves commands meanwhile, and stops cleanly on SIGTERM', async ({ request }) => {
    // Named relative to the working directory, as the default `./data` is.
    const relativeDir = path.relative(process.cwd(), dataDir)
    const shop = startShopProcess({ PORT: '0', DATA_DIR: relativeDir })
    const url = await shop.url
    const home = await request.get(url)
    expect(home.status()).toBe(200)
    // `npm start` without NODE_ENV: the libraries run in their production build, the shop as a demo
    // (no PUBLIC_URL or secret needed, which a deployment would refuse to start without).
    expect(shop.output()).toContain('(React and the other libraries in their production build)')
    expect(await (await request.get(`${url}/products/cameras`)).text()).toContain('UniCam')

    const seed = spawnSync('npm', ['run', '--silent', 'db:seed'], { env: { ...process.env, DATA_DIR: relativeDir }, encoding: 'utf8' })
    expect(seed.status, seed.stderr).toBe(0)
    expect(seed.stdout).toContain('already complete (pglite-socket:')

    expect(await shop.stop(), shop.output().slice(-4000)).toBe(0)
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  })

  test('a bad setting stops the start with one line naming the variable', async () => {
    const shop = startShopProcess({ PORT: 'eighty', DATA_DIR: dataDir })
    await expect(shop.url).rejects.toThrow()
    expect(await shop.stop()).toBe(1)
    expect(shop.output().trim()).toMatch(/^Configuration error: PORT [^\n]+$/)
  })

  test('a deployment without an https PUBLIC_URL is refused at the start, naming the variable', async () => {
    for (const publicUrl of [undefined, 'http://shop.example']) {
      const shop = startShopProcess({
        PORT: '0',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'server-process-secret-server-process',
        ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
      })
      await expect(shop.url).rejects.toThrow()
      expect(await shop.stop()).toBe(1)
      expect(shop.output().trim()).toMatch(/^Configuration error: PUBLIC_URL must be the shop’s public https address [^\n]+$/)
    }
  })

  test('several processes on the embedded database are refused at the start, with the reason', async () => {
    const shop = startShopProcess({ PORT: '0', DATA_DIR: dataDir, WEB_CONCURRENCY: '2' })
    await expect(shop.url).rejects.toThrow()
    expect(await shop.stop()).toBe(1)
    expect(shop.output().trim()).toBe(
      'Configuration error: WEB_CONCURRENCY can be above 1 only with DATABASE_URL (the embedded database belongs to one process)',
    )
  })
})
