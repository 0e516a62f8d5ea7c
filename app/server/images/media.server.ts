import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { inArray } from 'drizzle-orm'
import { mediaDefaultWidth, mediaImageUrl, parseMediaFile, parseMediaImageUrl, parseMediaSize, type MediaImage } from '../../lib/media.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { media } from '../db/schema.ts'
import type { ImageFileStore } from './file-store.server.ts'
import { processImage } from './pipeline.server.ts'

export interface StoredImage extends MediaImage {
  /** The image's address, as product images and pages name it. */
  url: string
  placeholder: string
}

/**
 * Turns an uploaded photo into its files (pipeline.server.ts) and keeps the image's row in the
 * database and its files in `files` (the database or a bucket), in one transaction: any shop process
 * on the same database can then serve them. Throws
 * ImageRefusedError, with a sentence for staff, for what the pipeline refuses.
 */
export async function storeImage(db: Database, files: ImageFileStore, upload: Buffer, options: { acceptGif?: boolean } = {}): Promise<StoredImage> {
  const processed = await processImage(upload, options)
  const id = randomBytes(16).toString('hex')
  await db.transaction(async (tx) => {
    await tx.insert(media).values({ id, width: processed.width, height: processed.height, placeholder: processed.placeholder })
    await files.put(tx, id, processed.variants)
  })
  const image = { id, width: processed.width, height: processed.height }
  return { ...image, url: mediaImageUrl(image), placeholder: processed.placeholder }
}

/**
 * One file of an image, or null when there is no such image or file. The image's own address
 * (`<width>x<height>`) names its WebP file of at most 1280 px, for whatever cannot choose one
 * (feeds, e-mail, an `<img>` written without `srcset`).
 */
export async function readImageFile(db: Executor, files: ImageFileStore, id: string, file: string): Promise<{ bytes: Buffer; type: string } | null> {
  const size = parseMediaSize(file)
  const wanted = size ? { width: mediaDefaultWidth(size.width), format: 'webp' as const } : parseMediaFile(file)
  if (!/^[0-9a-f]{32}$/.test(id) || !wanted) return null
  const bytes = await files.get(db, id, wanted.format, wanted.width)
  return bytes ? { bytes, type: `image/${wanted.format}` } : null
}

/**
 * `GET /media/:id/:file`: an image's file from its store (the database or a bucket). Its address never names other bytes,
 * so browsers and CDNs keep it for a year without asking again.
 */
export function serveImageFiles(db: Executor, files: ImageFileStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const found = await readImageFile(db, files, String(req.params.id), String(req.params.file))
      if (!found) {
        res.status(404).type('text/plain').send('No such image.')
        return
      }
      res.set({
        'Content-Type': found.type,
        'Content-Length': String(found.bytes.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
      res.end(req.method === 'HEAD' ? undefined : found.bytes)
    } catch (error) {
      next(error)
    }
  }
}

/** The blurred placeholders of the uploaded images among these addresses, by address (others are left out). */
export async function imagePlaceholders(db: Executor, urls: readonly string[]): Promise<Record<string, string>> {
  const images = new Map(
    urls.flatMap((url) => {
      const image = parseMediaImageUrl(url)
      return image ? [[image.id, url] as const] : []
    }),
  )
  if (images.size === 0) return {}
  const rows = await db
    .select({ id: media.id, placeholder: media.placeholder })
    .from(media)
    .where(inArray(media.id, [...images.keys()]))
  return Object.fromEntries(rows.map((row) => [images.get(row.id)!, row.placeholder]))
}
