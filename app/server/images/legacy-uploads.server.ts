import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { NextFunction, Request, Response } from 'express'
import { mediaImageUrl } from '../../lib/media.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { legacyUploads, media } from '../db/schema.ts'
import { logger } from '../log.server.ts'
import type { ImageFileStore } from './file-store.server.ts'
import { storeImage, type StoredImage } from './media.server.ts'
import { ImageRefusedError } from './pipeline.server.ts'

/** Names the shop gave uploads before the image store: 32 hex digits and the type's extension. */
const LEGACY_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/

export interface MoveReport {
  moved: number
  /** Files the pipeline could not read: left where they are, still served as they were. */
  left: string[]
}

/**
 * Moves the photos of `DATA_DIR/uploads` into the image store, once: each becomes an image with its
 * AVIF and WebP files (upright, without metadata), every product, template and profile naming its
 * old address is changed to the new one, its old address redirects there for good (history rows,
 * sent e-mails, bookmarks), and the file is removed from the disk. A file already moved (its
 * `legacy_uploads` row) is only removed; one the pipeline refuses stays and is reported.
 */
export async function moveLegacyUploads(db: Database, files: ImageFileStore, dataDir: string): Promise<MoveReport> {
  const directory = path.join(dataDir, 'uploads')
  const names = await readdir(directory).catch(() => [] as string[])
  const report: MoveReport = { moved: 0, left: [] }
  for (const name of names.filter((each) => LEGACY_NAME.test(each)).sort()) {
    const file = path.join(directory, name)
    const [done] = await db.select({ mediaId: legacyUploads.mediaId }).from(legacyUploads).where(eq(legacyUploads.name, name))
    if (!done) {
      let stored: StoredImage
      try {
        stored = await storeImage(db, files, await readFile(file), { acceptGif: true })
      } catch (error) {
        if (!(error instanceof ImageRefusedError)) throw error
        logger.warn({ file: name, reason: error.message }, 'an old upload could not be moved into the image store; it is served as it was')
        report.left.push(name)
        continue
      }
      await db.transaction(async (tx) => {
        await tx.insert(legacyUploads).values({ name, mediaId: stored.id }).onConflictDoNothing()
        await pointReferencesAt(tx, `/uploads/${name}`, stored.url)
      })
      report.moved++
    }
    await rm(file, { force: true })
  }
  if (report.moved) logger.info({ moved: report.moved, left: report.left.length }, 'moved old uploads into the image store')
  return report
}

/** Every stored address equal to `from` becomes `to`: product images and downloads, template images, profile pictures. */
async function pointReferencesAt(tx: Executor, from: string, to: string): Promise<void> {
  const quoted = (text: string) => JSON.stringify(text)
  for (const column of ['product_images', 'product_downloads']) {
    await tx.execute(
      sql`UPDATE products SET ${sql.identifier(column)} = replace(${sql.identifier(column)}::text, ${quoted(from)}, ${quoted(to)})::jsonb
          WHERE strpos(${sql.identifier(column)}::text, ${quoted(from)}) > 0`,
    )
  }
  await tx.execute(sql`UPDATE templates SET template_image = ${to} WHERE template_image = ${from}`)
  await tx.execute(sql`UPDATE profiles SET profile_image = ${to} WHERE profile_image = ${from}`)
}

/** `GET /uploads/:name` of a moved file: a permanent redirect to its image; anything else goes on (the files left on disk). */
export function redirectMovedUploads(db: Executor) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const name = String(req.params.name)
    if (!LEGACY_NAME.test(name)) return next()
    try {
      const [row] = await db
        .select({ id: media.id, width: media.width, height: media.height })
        .from(legacyUploads)
        .innerJoin(media, eq(media.id, legacyUploads.mediaId))
        .where(eq(legacyUploads.name, name))
      if (!row) return next()
      res.set('Cache-Control', 'public, max-age=31536000, immutable').redirect(301, mediaImageUrl(row))
    } catch (error) {
      next(error)
    }
  }
}
