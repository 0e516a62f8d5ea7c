import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFileUrl, mediaSrcset, mediaWidths, parseMediaImageUrl } from '../../app/lib/media'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { databaseImageFiles } from '../../app/server/images/file-store.server'
import { readImageFile, serveImageFiles, storeImage } from '../../app/server/images/media.server'
import { ImageRefusedError } from '../../app/server/images/pipeline.server'
import { testDatabaseKinds } from '../support/databases'
import { serveOnLoopback, sidewaysPhoto } from '../support/image-serving'

/** A 1200 × 900 photo stored sideways with a camera name in its EXIF. */
const photo = () => sidewaysPhoto(1200, 900, { r: 40, g: 120, b: 200 })

describe.each(testDatabaseKinds())('uploaded images kept in the database on $name', (kind) => {
  let database: DatabaseHandle
  let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined
  let base = ''
  beforeAll(async () => {
    database = await kind.open()
    const app = express()
    app.get('/media/:id/:file', serveImageFiles(database.db, databaseImageFiles))
    server = await serveOnLoopback(app)
    base = server.base
  })
  afterAll(async () => {
    await server?.close()
    await database?.close()
  })

  it('stores every file of an upload and serves each, upright and without metadata, cached for good', async () => {
    const stored = await storeImage(database.db, databaseImageFiles, await photo())
    expect(stored).toMatchObject({ width: 900, height: 1200 })
    expect(parseMediaImageUrl(stored.url)).toEqual({ id: stored.id, width: 900, height: 1200 })
    expect(mediaWidths(900)).toEqual([320, 640])
    expect(mediaSrcset(stored, 'webp')).toBe(`/media/${stored.id}/320.webp 320w, /media/${stored.id}/640.webp 640w`)
    for (const width of mediaWidths(stored.width)) {
      for (const format of ['avif', 'webp'] as const) {
        const response = await fetch(`${base}${mediaFileUrl(stored.id, width, format)}`)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe(`image/${format}`)
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        const bytes = Buffer.from(await response.arrayBuffer())
        const metadata = await sharp(bytes).metadata()
        expect(metadata.width).toBe(width)
        expect(metadata.height).toBe(Math.round((width * 1200) / 900))
        expect(metadata.exif).toBeUndefined()
        expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false)
      }
    }
  })

  it('answers 404 for a file that is not there, and refuses what is not a photo without storing anything', async () => {
    const stored = await storeImage(database.db, databaseImageFiles, await photo())
    for (const path of [
      `/media/${stored.id}/960.webp`,
      `/media/${stored.id}/320.png`,
      `/media/${'0'.repeat(32)}/320.webp`,
      '/media/..%2f..%2fpackage.json/320.webp',
      `/media/${stored.id}/320.webp.bak`,
    ]) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404)
    }
    expect(await readImageFile(database.db, databaseImageFiles, 'not-an-id', '320.webp')).toBeNull()
    await expect(storeImage(database.db, databaseImageFiles, Buffer.from('<html>not a photo</html>'))).rejects.toThrow(ImageRefusedError)
  })
})
