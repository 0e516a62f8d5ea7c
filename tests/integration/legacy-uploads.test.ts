import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { parseMediaImageUrl } from '../../app/lib/media'
import { createProduct, getProduct } from '../../app/server/catalog/products.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { media, templates } from '../../app/server/db/schema'
import { databaseImageFiles } from '../../app/server/images/file-store.server'
import { moveLegacyUploads, redirectMovedUploads } from '../../app/server/images/legacy-uploads.server'
import { serveImageFiles } from '../../app/server/images/media.server'
import { testDatabaseKinds } from '../support/databases'
import { serveOnLoopback, sidewaysPhoto } from '../support/image-serving'

const JPEG_NAME = `${'a'.repeat(32)}.jpg`
const GIF_NAME = `${'b'.repeat(32)}.gif`
const BROKEN_NAME = `${'c'.repeat(32)}.png`

/** A photo stored sideways with a GPS position and a camera name, as phones upload them. */
const phonePhoto = () => sidewaysPhoto(800, 600, { r: 200, g: 60, b: 40 }, { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '27/1 28/1 0/1' } })

describe.each(testDatabaseKinds())('uploads kept on disk by earlier versions, moved into the image store on $name', (kind) => {
  let database: DatabaseHandle
  let dataDir: string
  let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined
  let base = ''

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'legacy-uploads-'))
    await mkdir(path.join(dataDir, 'uploads'))
    await writeFile(path.join(dataDir, 'uploads', JPEG_NAME), await phonePhoto())
    await writeFile(
      path.join(dataDir, 'uploads', GIF_NAME),
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#00f' } })
        .gif()
        .toBuffer(),
    )
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer()
    await writeFile(path.join(dataDir, 'uploads', BROKEN_NAME), png.subarray(0, 60))
    await writeFile(path.join(dataDir, 'uploads', 'notes.txt'), 'not an upload of the shop')
    const sample = demoProducts[0]!
    await createProduct(
      database.db,
      { ...sample, productName: 'Legacy Photo Drone', productImages: [{ value: `/uploads/${JPEG_NAME}`, label: 'Front', description: '' }] },
      'staff@example.com',
    )
    await database.db.insert(templates).values({ id: 'legacy-template', templateName: 'Legacy', templateImage: `/uploads/${GIF_NAME}` })
    const app = express()
    app.get('/uploads/:name', redirectMovedUploads(database.db))
    app.get('/media/:id/:file', serveImageFiles(database.db, databaseImageFiles))
    server = await serveOnLoopback(app)
    base = server.base
  })
  afterAll(async () => {
    await server?.close()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('moves each photo once, upright and without metadata, and points the catalogue at it', async () => {
    const report = await moveLegacyUploads(database.db, databaseImageFiles, dataDir)
    expect(report).toEqual({ moved: 2, left: [BROKEN_NAME] })
    // The moved files are gone from the disk; the unreadable one and files not the shop's stay.
    expect((await readdir(path.join(dataDir, 'uploads'))).sort()).toEqual([BROKEN_NAME, 'notes.txt'].sort())

    const product = await getProduct(database.db, 'legacy-photo-drone')
    const image = parseMediaImageUrl(product!.productImages[0]!.value)
    expect(image, 'the product names the stored image').toMatchObject({ width: 600, height: 800 })
    const [template] = await database.db.select().from(templates).where(eq(templates.id, 'legacy-template'))
    expect(parseMediaImageUrl(template!.templateImage)).toMatchObject({ width: 40, height: 20 })

    const file = await fetch(`${base}/media/${image!.id}/320.webp`)
    const bytes = Buffer.from(await file.arrayBuffer())
    const metadata = await sharp(bytes).metadata()
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([320, 427, undefined])
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false)

    // A second start moves nothing and stores no second copy.
    const imagesBefore = (await database.db.select({ id: media.id }).from(media)).length
    expect(await moveLegacyUploads(database.db, databaseImageFiles, dataDir)).toEqual({ moved: 0, left: [BROKEN_NAME] })
    expect((await database.db.select({ id: media.id }).from(media)).length).toBe(imagesBefore)
  })

  it('answers an old address with a permanent redirect to its image, and leaves other names to the files on disk', async () => {
    const product = await getProduct(database.db, 'legacy-photo-drone')
    const moved = await fetch(`${base}/uploads/${JPEG_NAME}`, { redirect: 'manual' })
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe(product!.productImages[0]!.value)
    const followed = await fetch(`${base}/uploads/${JPEG_NAME}`)
    expect([followed.status, followed.headers.get('content-type')]).toEqual([200, 'image/webp'])
    for (const name of [BROKEN_NAME, 'notes.txt', '..%2Fpackage.json']) {
      expect((await fetch(`${base}/uploads/${name}`, { redirect: 'manual' })).status, name).toBe(404)
    }
  })
})
