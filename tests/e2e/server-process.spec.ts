import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

/** The shop's own process, started as `npm start` starts it (after the build). */
function startShop(env: Record<string, string>): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, ['server.ts'], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'pipe' })
  let output = ''
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /open on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  return { child, url, output: () => output }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))))
}

test.describe('the shop process', () => {
  let dataDir: string
  test.beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-process-'))
  })
  test.afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  test('starts on an empty directory with the demo catalogue, serves commands meanwhile, and stops cleanly on SIGTERM', async ({ request }) => {
    const shop = startShop({ PORT: '0', DATA_DIR: dataDir })
    const url = await shop.url
    const home = await request.get(url)
    expect(home.status()).toBe(200)
    expect(await (await request.get(`${url}/products/cameras`)).text()).toContain('UniCam')

    const seed = spawnSync('npm', ['run', '--silent', 'db:seed'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' })
    expect(seed.status, seed.stderr).toBe(0)
    expect(seed.stdout).toContain('already complete (pglite-socket:')

    shop.child.kill('SIGTERM')
    expect(await exitOf(shop.child)).toBe(0)
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  })

  test('a bad setting stops the start with one line naming the variable', async () => {
    const shop = startShop({ PORT: 'eighty', DATA_DIR: dataDir })
    await expect(shop.url).rejects.toThrow()
    expect(await exitOf(shop.child)).toBe(1)
    expect(shop.output().trim()).toMatch(/^Configuration error: PORT [^\n]+$/)
  })
})
