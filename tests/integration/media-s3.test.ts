import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { HeadObjectCommand } from '@aws-sdk/client-s3'
import { count, eq } from 'drizzle-orm'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFileUrl, mediaWidths, type MediaFormat } from '../../app/lib/media'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { media, mediaVariants } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { databaseImageFiles, type ImageFileStore } from '../../app/server/images/file-store.server'
import { imageFileStore } from '../../app/server/images/image-files.server'
import { readImageFile, serveImageFiles, storeImage } from '../../app/server/images/media.server'
import { ImageRefusedError } from '../../app/server/images/pipeline.server'
import type { S3ImageFiles } from '../../app/server/images/s3-files.server'
import { startFakeS3, type FakeS3 } from '../fakes/s3'
import { testDatabaseKinds } from '../support/databases'
import { serveOnLoopback, sidewaysPhoto } from '../support/image-serving'

/** A 900 × 660 photo stored sideways with a camera name in its EXIF: 660 × 900 upright. */
const photo = () => sidewaysPhoto(900, 660, { r: 200, g: 90, b: 30 })

const FORMATS: MediaFormat[] = ['avif', 'webp']

/** One shop process's image route, on its own port with its own store. */
async function startShop(db: DatabaseHandle['db'], files: ImageFileStore) {
  const app = express()
  app.get('/media/:id/:file', serveImageFiles(db, files))
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).type('text/plain').send('Something went wrong.')
  })
  return serveOnLoopback(app)
}

/** Fetches every file of a 660 × 900 image and checks each is upright, of its width, and carries no metadata. */
async function expectServedUpright(base: string, id: string): Promise<Buffer[]> {
  const files: Buffer[] = []
  for (const width of mediaWidths(660)) {
    for (const format of FORMATS) {
      const response = await fetch(`${base}${mediaFileUrl(id, width, format)}`)
      expect(response.status, `${width}.${format}`).toBe(200)
      expect(response.headers.get('content-type')).toBe(`image/${format}`)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const bytes = Buffer.from(await response.arrayBuffer())
      const metadata = await sharp(bytes).metadata()
      expect(metadata.format).toBe(format === 'avif' ? 'heif' : 'webp')
      expect(metadata.width).toBe(width)
      expect(metadata.height).toBe(Math.round((width * 900) / 660))
      expect(metadata.exif).toBeUndefined()
      expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false)
      files.push(bytes)
    }
  }
  return files
}

describe.each(testDatabaseKinds())('uploaded images kept in S3-compatible storage on $name', (kind) => {
  let database: DatabaseHandle
  let s3: FakeS3
  let first: S3ImageFiles
  let second: S3ImageFiles
  let shops: Awaited<ReturnType<typeof startShop>>[] = []

  const mediaRows = async () => (await database.db.select({ n: count() }).from(media))[0]!.n
  const variantRows = async (id: string) => (await database.db.select({ n: count() }).from(mediaVariants).where(eq(mediaVariants.mediaId, id)))[0]!.n

  beforeAll(async () => {
    database = await kind.open()
    s3 = await startFakeS3()
    // Two processes of one shop: each reads the configuration and makes its own store.
    first = (await imageFileStore(parseEnv(s3.env()))) as S3ImageFiles
    second = (await imageFileStore(parseEnv(s3.env()))) as S3ImageFiles
    shops = [await startShop(database.db, first), await startShop(database.db, second)]
  })
  afterAll(async () => {
    for (const shop of shops) await shop.close()
    first?.destroy()
    second?.destroy()
    await s3?.close()
    await database?.close()
  })

  it('puts every file of an upload in the bucket, none in the database, and both processes serve each upright without metadata', async () => {
    expect(first.kind).toBe('s3')
    expect(first).not.toBe(second)
    const stored = await storeImage(database.db, first, await photo())
    expect(stored).toMatchObject({ width: 660, height: 900 })

    const expected = mediaWidths(660).flatMap((width) => FORMATS.map((format) => `media/${stored.id}/${width}.${format}`))
    expect(expected).toHaveLength(4)
    expect(await s3.keys(`media/${stored.id}/`)).toEqual([...expected].sort())
    for (const key of expected) {
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))
      expect(head.ContentType).toBe(`image/${key.endsWith('.avif') ? 'avif' : 'webp'}`)
      expect(head.CacheControl).toBe('public, max-age=31536000, immutable')
    }
    expect(await variantRows(stored.id)).toBe(0)
    const [row] = await database.db.select().from(media).where(eq(media.id, stored.id))
    expect(row).toMatchObject({ width: 660, height: 900, placeholder: stored.placeholder })

    const [one, two] = [await expectServedUpright(shops[0]!.base, stored.id), await expectServedUpright(shops[1]!.base, stored.id)]
    expect(two).toEqual(one)
  })

  it('still serves an image whose files were stored in the database before the bucket was configured', async () => {
    const earlier = await storeImage(database.db, databaseImageFiles, await photo())
    expect(await variantRows(earlier.id)).toBe(4)
    expect(await s3.keys(`media/${earlier.id}/`)).toEqual([])
    for (const shop of shops) await expectServedUpright(shop.base, earlier.id)
  })

  it('refuses an upload to a bucket that does not exist and records no image', async () => {
    const missing = (await imageFileStore(parseEnv(s3.env({ S3_BUCKET: 'no-such-bucket' })))) as S3ImageFiles
    try {
      const before = await mediaRows()
      const keysBefore = await s3.keys()
      await expect(storeImage(database.db, missing, await photo())).rejects.toThrow(/could not be written to the S3 bucket no-such-bucket.*NoSuchBucket/)
      expect(await mediaRows()).toBe(before)
      expect(await s3.keys()).toEqual(keysBefore)
      // Reading from a bucket that is not there is an error, not a missing file quietly looked up elsewhere.
      const stored = await storeImage(database.db, databaseImageFiles, await photo())
      await expect(readImageFile(database.db, missing, stored.id, '320.webp')).rejects.toThrow(/NoSuchBucket/)
    } finally {
      missing.destroy()
    }
  })

  it('answers 404 for a file that is not there, and refuses what is not a photo without storing anything', async () => {
    const stored = await storeImage(database.db, first, await photo())
    for (const shop of shops) {
      for (const path of [
        `/media/${stored.id}/960.webp`,
        `/media/${stored.id}/320.png`,
        `/media/${'0'.repeat(32)}/320.webp`,
        '/media/..%2f..%2fpackage.json/320.webp',
        `/media/${stored.id}/320.webp.bak`,
      ]) {
        expect((await fetch(`${shop.base}${path}`)).status, path).toBe(404)
      }
    }
    expect(await readImageFile(database.db, second, 'not-an-id', '320.webp')).toBeNull()
    const before = await mediaRows()
    const keysBefore = await s3.keys()
    await expect(storeImage(database.db, first, Buffer.from('<html>not a photo</html>'))).rejects.toThrow(ImageRefusedError)
    expect(await mediaRows()).toBe(before)
    expect(await s3.keys()).toEqual(keysBefore)
  })
})

describe('choosing where image files are kept', () => {
  it('keeps them in the database without S3_BUCKET', async () => {
    expect(await imageFileStore(parseEnv({}))).toBe(databaseImageFiles)
  })

  it('loads the AWS SDK only when S3_BUCKET is set', async () => {
    // A fresh process, as a shop starts: which modules does choosing the store load?
    const script = `
      import { registerHooks } from 'node:module'
      const loaded = []
      registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); loaded.push(found.url); return found } })
      const { parseEnv } = await import('./app/server/env.server.ts')
      const { imageFileStore } = await import('./app/server/images/image-files.server.ts')
      const store = await imageFileStore(parseEnv(JSON.parse(process.argv[1])))
      console.log(JSON.stringify({ kind: store.kind, sdk: loaded.some((url) => url.includes('/@aws-sdk/')) }))
      store.destroy?.()
    `
    const run = async (source: Record<string, string>) => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script, JSON.stringify(source)], { cwd: process.cwd() })
      return JSON.parse(stdout.trim().split('\n').at(-1)!)
    }
    expect(await run({})).toEqual({ kind: 'database', sdk: false })
    expect(await run({ S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' })).toEqual({ kind: 's3', sdk: true })
  })
})
