import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { slugify } from '../../app/lib/slug'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { connectPostgres, openPglite, type DatabaseHandle } from '../../app/server/db/client.server'
import { products } from '../../app/server/db/schema'
import type { StoredImage } from '../../app/server/images/media.server'
import { exportFile } from '../../app/server/migration/export.server'
import { applyImport, dryRunImport } from '../../app/server/migration/import.server'
import { readExportFile } from '../../app/server/migration/reader'
import { createScratchDatabase } from '../../scripts/lib/scratch-database'
import { addProductPhoto, imageFiles, productPhoto } from '../support/product-photo'

// The data commands and a large export, apart from tests/integration/migration.test.ts so that the two
// files run side by side (each of these starts Node or moves thousands of products).

describe('6,000 products', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-migration-'))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))

  it('export and import in bounded memory', { timeout: 180_000 }, async () => {
    setFlagsFromString('--expose-gc')
    const collectGarbage = runInNewContext('gc') as () => void
    const measure = () => {
      collectGarbage()
      return process.memoryUsage().heapUsed
    }
    // Enough for a file of some 33 MB: holding its documents would take several times that, while a
    // stream holds one page or batch (about 5 MB of live heap whatever the size, as 20,000 showed).
    const TOTAL = 6_000
    // A product of the demo catalogue's usual size (about 4 KB of JSON).
    const base = demoProducts.find((product) => slugify(product.productName) === 'unicam-f1-fpv-camera')!
    const source = await openPglite()
    const target = await openPglite()
    try {
      await Promise.all([source.migrate(), target.migrate()])
      for (let start = 0; start < TOTAL; start += 1000) {
        const rows = Array.from({ length: 1000 }, (_, index) => {
          const productName = `Survey Drone ${start + index}`
          return { ...base, productName, id: slugify(productName) }
        })
        await source.db.insert(products).values(rows)
      }

      let baseline = measure()
      let liveGrowth = 0
      const sample = (count: number) => {
        if (count % 1000 === 0) liveGrowth = Math.max(liveGrowth, measure() - baseline)
      }
      const first = path.join(directory, 'first.json')
      let started = performance.now()
      await pipeline(Readable.from(exportFile(source.db, 'products', { onProgress: sample })), createWriteStream(first))
      const exportSeconds = (performance.now() - started) / 1000
      const fileBytes = statSync(first).size
      const exportGrowth = liveGrowth

      baseline = measure()
      liveGrowth = 0
      const documents = () => readExportFile(createReadStream(first, { encoding: 'utf8' }), 'products')
      started = performance.now()
      const report = await dryRunImport(target.db, 'products', documents(), { updatedBy: 'data import', onProgress: sample })
      const result = await applyImport(target.db, 'products', documents(), { updatedBy: 'data import', expectedPlan: report.plan, onProgress: sample })
      const importSeconds = (performance.now() - started) / 1000
      expect(result.applied).toBe(true)
      expect(result.report.counts.create).toBe(TOTAL)

      const second = path.join(directory, 'second.json')
      await pipeline(Readable.from(exportFile(target.db, 'products')), createWriteStream(second))
      const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
      expect(digest(second)).toBe(digest(first))

      const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)
      console.log(
        `${TOTAL} products: file ${megabytes(fileBytes)} MB; export ${exportSeconds.toFixed(1)} s, live heap +${megabytes(exportGrowth)} MB; ` +
          `dry run + import ${importSeconds.toFixed(1)} s, live heap +${megabytes(liveGrowth)} MB`,
      )
      // Holding the documents would take several times the file's size; the stream holds a page or a batch.
      expect(fileBytes).toBeGreaterThan(25 * 1024 * 1024)
      expect(exportGrowth).toBeLessThan(fileBytes / 3)
      expect(liveGrowth).toBeLessThan(fileBytes / 3)
    } finally {
      await source.close()
      await target.close()
    }
  })
})

describe('npm run data', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-command-'))
  const file = path.join(dataDir, 'products.json')
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/data.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' })

  let image: StoredImage
  beforeAll(async () => {
    const database = await openPglite(path.join(dataDir, 'pglite'))
    await database.migrate()
    await seedCatalog(database.db)
    image = await addProductPhoto(database)
    await database.close()
  })

  /** Opens the data directory's embedded database for `work`, when no command has it. */
  const withEmbedded = async <T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> => {
    const database = await openPglite(path.join(dataDir, 'pglite'))
    try {
      return await work(database)
    } finally {
      await database.close()
    }
  }

  // From the embedded database to PostgreSQL when TEST_DATABASE_URL names a server, else to another data directory.
  it('copy all carries the images from the embedded database, so the product’s photo shows there', { timeout: 180_000 }, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL
    const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'shop_data_copy') : null
    const otherDir = mkdtempSync(path.join(tmpdir(), 'shop-data-copy-'))
    try {
      const to = scratch?.url ?? otherDir
      const copied = run('copy', 'all', '--from', dataDir, '--to', to)
      expect(copied.status, copied.stderr).toBe(0)
      expect(copied.stdout).toMatch(/^Copied images from .* to .*: 1 created, 0 updated, 0 unchanged\.$/m)
      expect(copied.stdout.indexOf('Copied images')).toBeLessThan(copied.stdout.indexOf('Copied products'))
      const again = run('copy', 'images', '--from', dataDir, '--to', to)
      expect(again.status, again.stderr).toBe(0)
      expect(again.stdout).toMatch(/^Copied images from .* to .*: 0 created, 0 updated, 1 unchanged\.$/m)

      const source = await withEmbedded((database) => imageFiles(database, image.id))
      const target = scratch ? connectPostgres(scratch.url) : await openPglite(path.join(otherDir, 'pglite'))
      try {
        expect(await imageFiles(target, image.id)).toEqual(source)
        const shown = await productPhoto(target)
        expect(shown?.address).toEqual({ id: image.id, width: 700, height: 500 })
        expect(shown?.file?.bytes.equals(source.find((each) => each.format === 'webp' && each.width === 640)!.bytes)).toBe(true)
      } finally {
        await target.close()
      }
    } finally {
      await scratch?.drop()
      rmSync(otherDir, { recursive: true, force: true })
    }
  })

  it('exports the images to a file, and importing it back changes nothing', { timeout: 120_000 }, async () => {
    const imagesFile = path.join(dataDir, 'images.json')
    const exported = run('export', 'images', '--out', imagesFile)
    expect(exported.status, exported.stderr).toBe(0)
    expect(exported.stderr).toContain(`Exported 1 documents of images to ${imagesFile}.`)
    const files = JSON.parse(readFileSync(imagesFile, 'utf8')).documents[image.id].files
    const stored = await withEmbedded((database) => imageFiles(database, image.id))
    expect(Object.keys(files)).toHaveLength(stored.length)
    for (const { format, width, bytes } of stored) expect(Buffer.from(files[`${width}.${format}`], 'base64').equals(bytes)).toBe(true)

    const imported = run('import', 'images', imagesFile)
    expect(imported.status, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/unchanged {2}1\n {2}rejected {3}0/)
    expect(imported.stdout).toContain('Nothing to write: every document is already stored as it is in the file.')
  })

  // Each run starts Node and opens the embedded database, which takes seconds on a busy machine.
  it('exports to a file and imports it back, with a dry run first', { timeout: 120_000 }, () => {
    const exported = run('export', 'products', '--out', file)
    expect(exported.status, exported.stderr).toBe(0)
    expect(exported.stderr).toContain(`Exported ${demoProducts.length} documents of products to ${file}.`)
    const document = JSON.parse(readFileSync(file, 'utf8'))
    document.documents['unidrone-e900'].productPrices[0].value += 100
    writeFileSync(file, JSON.stringify(document))

    const dryRun = run('import', 'products', file, '--dry-run')
    expect(dryRun.status, dryRun.stderr).toBe(0)
    expect(dryRun.stdout).toMatch(/to update {2}1\n {2}unchanged {2}20/)
    expect(dryRun.stdout).toContain('unidrone-e900 (productPrices)')
    expect(dryRun.stdout).toContain('Dry run only: nothing was written.')

    const imported = run('import', 'products', file)
    expect(imported.status, imported.stderr).toBe(0)
    expect(imported.stdout).toContain('Imported into products: 0 created, 1 updated, each with a history row by "data import".')
  })

  it('exits with a readable message on bad input', { timeout: 120_000 }, () => {
    writeFileSync(file, '{"format": "unidrone-shop-export", "version": 9, "collection": "products", "documents": {}}')
    const cases: [string[], RegExp][] = [
      [['export', 'drones'], /Unknown collection "drones"\.\n\nUsage:/],
      [['import', 'products', file], /version 9 of the export format/],
      [['import', 'products', path.join(dataDir, 'missing.json')], /Cannot read .*missing\.json/],
      [['import', 'history', file], /History is read-only/],
      [['import', 'products', file, '--rename', 'price'], /"price" is not a rename/],
      [['copy', 'products', '--from', dataDir], /Give --from and --to/],
      [['launch'], /Unknown command "launch"/],
    ]
    for (const [args, message] of cases) {
      const result = run(...args)
      expect(result.status, args.join(' ')).toBe(1)
      expect(result.stderr, args.join(' ')).toMatch(message)
    }
  })
})
