import { inArray } from 'drizzle-orm'
import { z } from 'zod'
import { mediaWidths } from '../../../lib/media.ts'
import { media } from '../../db/schema.ts'
import { VARIANT_FORMATS, type ImageVariant, type VariantFormat } from '../../images/pipeline.server.ts'
import {
  afterTextId,
  byCodeUnit,
  isoTime,
  schemaReason,
  type CollectionDefinition,
  type ImageFileReader,
  type Importer,
  type Preparation,
} from '../collection.server.ts'
import type { Document } from '../format.ts'

/**
 * Uploaded images (app/server/images): the `media` row, and every file of the image base64-encoded
 * under its name, `<width>.<avif|webp>`, as its address names it (app/lib/media.ts). The files are
 * read and written through an ImageFileStore, so they move between the database and object storage.
 *
 * An image's id never names other bytes: an image already stored is left as it is (unchanged), and
 * nothing of it is ever updated. Images have no history rows, as an upload writes none.
 */

const ID = /^[0-9a-f]{32}$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const PLACEHOLDER = /^data:image\/(?:webp|png|jpeg|avif|gif);base64,(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const FORMAT_NAMES: Record<VariantFormat, string> = { avif: 'an AVIF', webp: 'a WebP' }

/** An image with its files is a few megabytes: ten of them per page or batch. */
const IMAGES_PER_PAGE = 10

const pixels = z.number().int('A whole number of pixels.').min(1, 'At least 1 pixel.').max(99_999, 'At most 99,999 pixels.')

const documentSchema = z.strictObject({
  width: pixels,
  height: pixels,
  placeholder: z.string().max(20_000, 'At most 20,000 characters.').regex(PLACEHOLDER, 'A data: URL of a small picture, such as data:image/webp;base64,….'),
  createdAt: z.iso.datetime({ offset: true, message: 'Give the time as an ISO 8601 date and time.' }).optional(),
  files: z.record(z.string(), z.string()),
})

interface ImageRow {
  width: number
  height: number
  placeholder: string
  createdAt: Date | undefined
  variants: ImageVariant[]
}

/** The files an image has, as `<width>.<format>`: each format at each width its pages ask for. */
export function imageFileNames(width: number): string[] {
  return mediaWidths(width).flatMap((each) => VARIANT_FORMATS.map((format) => `${each}.${format}`))
}

/** Reads each file from the first of `readers` that has it: a copy's source (its database, then the shop's store). */
export function readingInTurn(...readers: ImageFileReader[]): ImageFileReader {
  return {
    async get(db, id, format, width) {
      for (const reader of readers) {
        const bytes = await reader.get(db, id, format, width)
        if (bytes) return bytes
      }
      return null
    },
  }
}

const columns = { id: media.id, width: media.width, height: media.height, placeholder: media.placeholder, createdAt: media.createdAt }

type MediaRow = { id: string; width: number; height: number; placeholder: string; createdAt: Date }

/** The image without its files: what is compared with a stored image. */
const imageDocument = (row: MediaRow): Document => ({
  FBUID: row.id,
  width: row.width,
  height: row.height,
  placeholder: row.placeholder,
  createdAt: isoTime(row.createdAt),
})

/** A file's format and size as its own header gives them, or null when it is no picture sharp reads. */
async function measure(bytes: Buffer): Promise<{ format: string; width: number; height: number } | null> {
  try {
    // Loaded when an image is imported, not with every shop process (like the image pipeline).
    const { default: sharp } = await import('sharp')
    const metadata = await sharp(bytes, { failOn: 'error' }).metadata()
    if (!metadata.width || !metadata.height) return null
    const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : String(metadata.format)
    return { format, width: metadata.width, height: metadata.height }
  } catch {
    return null
  }
}

const refuse = (reason: string): Preparation<ImageRow> => ({ ok: false, reason })

/** Checks every file a document should hold: named as the image's width requires, base64, and a picture of that width. */
async function checkedFiles(files: Record<string, string>, width: number, height: number): Promise<ImageVariant[] | string> {
  const expected = imageFileNames(width)
  const unknown = Object.keys(files).find((name) => !expected.includes(name))
  if (unknown !== undefined) {
    return `files: ${JSON.stringify(unknown)} is not a file of an image ${width} pixels wide; it has ${expected.join(', ')}.`
  }
  const missing = expected.filter((name) => !(name in files))
  if (missing.length)
    return `files: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing; an image ${width} pixels wide has ${expected.join(', ')}.`
  const variants: ImageVariant[] = []
  for (const name of expected) {
    const [widthText, format] = name.split('.') as [string, VariantFormat]
    const fileWidth = Number(widthText)
    const text = files[name]!
    if (text.length === 0 || !BASE64.test(text)) return `files.${name}: Not base64 (the file's bytes in the standard alphabet, with = padding).`
    const bytes = Buffer.from(text, 'base64')
    const found = await measure(bytes)
    if (!found || found.format !== format) return `files.${name}: Not ${FORMAT_NAMES[format]} picture.`
    // Each file is the image scaled to its width; its height is rounded.
    const fileHeight = Math.max(1, Math.round((height * fileWidth) / width))
    if (found.width !== fileWidth || Math.abs(found.height - fileHeight) > 1) {
      return `files.${name}: The picture is ${found.width}×${found.height}; at ${fileWidth} pixels wide, an image of ${width}×${height} is ${fileWidth}×${fileHeight}.`
    }
    variants.push({ format, width: found.width, height: found.height, bytes })
  }
  return variants
}

const imageImporter: Importer<ImageRow> = {
  async readByIds(db, ids, lock) {
    const query = db.select(columns).from(media).where(inArray(media.id, ids))
    const rows = lock ? await query.for('update') : await query
    return new Map(rows.map((row) => [row.id, imageDocument(row)]))
  },
  async prepare(id, fields, existing) {
    if (!ID.test(id)) return refuse(`An image's id is 32 characters 0–9 and a–f, as in its address /media/<id>/<width>x<height>.`)
    const parsed = documentSchema.safeParse(fields)
    if (!parsed.success) return refuse(schemaReason(parsed.error))
    const { width, height, placeholder, createdAt, files } = parsed.data
    const variants = await checkedFiles(files, width, height)
    if (typeof variants === 'string') return refuse(variants)
    if (existing) {
      if (existing.width !== width || existing.height !== height) {
        return refuse(
          `This id is stored as an image of ${String(existing.width)}×${String(existing.height)}, not ${width}×${height}: an image's id never names another picture.`,
        )
      }
      // Already here: its files never change, so the stored image stays as it is.
      return { ok: true, document: existing, row: { width, height, placeholder, createdAt: undefined, variants: [] } }
    }
    // The document compared and reported is the image without its files (they are in `row`).
    const created = createdAt ? new Date(createdAt) : undefined
    const document: Document = { FBUID: id, width, height, placeholder, createdAt: isoTime(created ?? null) }
    return { ok: true, document, row: { width, height, placeholder, createdAt: created, variants } }
  },
  /** Only new images are staged (a stored one is unchanged): the row and its files in the import's transaction. */
  async write(tx, staged, _updatedBy, { images }) {
    for (const { id, row, existed } of staged) {
      if (existed) continue
      await tx
        .insert(media)
        .values({ id, width: row.width, height: row.height, placeholder: row.placeholder, ...(row.createdAt ? { createdAt: row.createdAt } : {}) })
      await images.put(tx, id, row.variants)
    }
  },
}

export const imagesCollection: CollectionDefinition = {
  name: 'images',
  pageSize: IMAGES_PER_PAGE,
  async readPage(db, afterId, limit, { images }) {
    const rows = await db.select(columns).from(media).where(afterTextId(media.id, afterId)).orderBy(byCodeUnit(media.id)).limit(limit)
    const entries = []
    for (const row of rows) {
      // A file the store does not have is left out: the import then names it as missing.
      const files: Record<string, string> = {}
      for (const width of mediaWidths(row.width)) {
        for (const format of VARIANT_FORMATS) {
          const bytes = await images.get(db, row.id, format, width)
          if (bytes) files[`${width}.${format}`] = bytes.toString('base64')
        }
      }
      entries.push({ id: row.id, document: { ...imageDocument(row), files } })
    }
    return entries
  },
  importer: imageImporter,
}
