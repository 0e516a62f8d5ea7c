import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { countProducts, createProduct, listCategoryPage } from '../../app/server/catalog/products.server'
import { embeddedPaths, openDatabase, type Database, type DatabaseHandle } from '../../app/server/db/client.server'

describe('the embedded database is never opened by two processes', () => {
  let dataDir: string
  const opened: DatabaseHandle[] = []
  const open = async (role: 'shop' | 'command', waitMs?: number) => {
    const handle = await openDatabase({ dataDir, role, waitMs })
    opened.push(handle)
    return handle
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-embedded-'))
  })
  afterEach(async () => {
    for (const handle of opened.splice(0).reverse()) await handle.close().catch(() => {})
    await rm(dataDir, { recursive: true, force: true })
  })

  it('an operator command reaches the running shop through its socket, and both see the same data', async () => {
    const shop = await open('shop')
    await shop.migrate()
    await createProduct(shop.db, { ...demoProducts[0]!, productName: 'Written by the shop' }, 'test')

    const command = await open('command')
    expect(command.description).toBe(`pglite-socket:${dataDir}`)
    expect(await countProducts(command.db)).toBe(1)
    await createProduct(command.db, { ...demoProducts[0]!, productName: 'Written by a command' }, 'test')
    expect(await countProducts(shop.db)).toBe(2)
  })

  it('works with a data directory named relative to the working directory, as the default ./data is', async () => {
    const relative = path.relative(process.cwd(), dataDir)
    expect(path.isAbsolute(relative)).toBe(false)
    const shop = await openDatabase({ dataDir: relative, role: 'shop' })
    opened.push(shop)
    await shop.migrate()
    await createProduct(shop.db, { ...demoProducts[0]!, productName: 'Written through a relative path' }, 'test')
    const command = await openDatabase({ dataDir: relative, role: 'command' })
    opened.push(command)
    expect(await countProducts(command.db)).toBe(1)
  })

  it("a command's transaction and the shop's own writes never mix", async () => {
    const shop = await open('shop')
    await shop.migrate()
    const command = await open('command')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let commandStarted!: () => void
    const started = new Promise<void>((resolve) => (commandStarted = resolve))

    const rolledBack = command.db
      .transaction(async (tx) => {
        await createProduct(tx as unknown as Database, { ...demoProducts[0]!, productName: 'Written by a command then undone' }, 'test')
        commandStarted()
        await held
        throw new Error('the operator cancels')
      })
      .catch((error: Error) => error.message)
    await started
    const shopWrite = createProduct(shop.db, { ...demoProducts[0]!, productName: 'Written by the shop meanwhile' }, 'test')
    setTimeout(release, 300)

    expect(await rolledBack).toBe('the operator cancels')
    await shopWrite
    const names = (await listCategoryPage(shop.db, demoProducts[0]!.productCategory, 1)).cards.map((card) => card.productName)
    expect(names).toEqual(['Written by the shop meanwhile'])
  })

  // A backup of a large shop holds the one session for seconds: the shop's requests wait their turn (at
  // most as long as a query may take), more of them than it has connections, and none fails as if the
  // database were away.
  it("the shop's requests wait out a command that holds the database longer than a connection may take to open", { timeout: 60_000 }, async () => {
    const shop = await open('shop')
    await shop.migrate()
    const command = await open('command')
    let holding!: () => void
    const held = new Promise<void>((resolve) => (holding = resolve))
    const backup = command.db.transaction(async (tx) => {
      await countProducts(tx as unknown as Database)
      holding()
      await new Promise((resolve) => setTimeout(resolve, 6_000))
    })
    await held
    const started = performance.now()
    const requests = await Promise.allSettled(Array.from({ length: 10 }, () => countProducts(shop.db)))
    await backup
    expect(requests.map((request) => (request.status === 'fulfilled' ? request.value : String(request.reason)))).toEqual(Array(10).fill(0))
    expect(performance.now() - started).toBeGreaterThan(5_000)
  })

  it('when the shop stops, it releases the directory and a command opens it itself', async () => {
    const shop = await open('shop')
    await shop.migrate()
    await createProduct(shop.db, { ...demoProducts[0]!, productName: 'Kept on disk' }, 'test')
    await shop.close()
    opened.pop()
    expect(existsSync(embeddedPaths(dataDir).lockFile)).toBe(false)

    const command = await open('command')
    expect(command.description).toBe(`pglite:${path.join(dataDir, 'pglite')}`)
    expect(await countProducts(command.db)).toBe(1)
  })

  it('a shop starting while a command holds the directory waits, then says why it cannot start', async () => {
    await open('command')
    await expect(openDatabase({ dataDir, role: 'shop', waitMs: 300 })).rejects.toThrow(/in use by process \d+ \(an operator command\)/)
  })

  it('a lock left by a process that has died is taken over', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)'])
    expect(dead.pid).toBeGreaterThan(0)
    await writeFile(embeddedPaths(dataDir).lockFile, JSON.stringify({ pid: dead.pid, socket: null }))
    const shop = await open('shop')
    await shop.migrate()
    expect(await countProducts(shop.db)).toBe(0)
  })
})
