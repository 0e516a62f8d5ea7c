import { and, eq } from 'drizzle-orm'
import type { MediaFormat } from '../../lib/media.ts'
import type { Executor } from '../db/client.server.ts'
import { mediaVariants } from '../db/schema.ts'
import type { ImageVariant } from './pipeline.server.ts'

/**
 * Where the files of uploaded images are kept. The image itself (its size and placeholder, the
 * `media` row) is always in the database; its files are in the database too (`media_variants`) or
 * in S3-compatible object storage. Either way every shop process on the same database serves them.
 */
export interface ImageFileStore {
  /** `database` or `s3`, for logs and the README's configuration. */
  readonly kind: 'database' | 's3'
  /**
   * Keeps every file of one image. Called inside the transaction that writes the image's row, so
   * an image is never recorded without its files (a failed put rolls the row back).
   */
  put(tx: Executor, id: string, variants: readonly ImageVariant[]): Promise<void>
  /** One file, or null when there is none. */
  get(db: Executor, id: string, format: MediaFormat, width: number): Promise<Buffer | null>
}

/** Files kept in `media_variants`, beside the image's row: the default, and the fallback of any other store. */
export const databaseImageFiles: ImageFileStore = {
  kind: 'database',
  async put(tx, id, variants) {
    await tx.insert(mediaVariants).values(variants.map((variant) => ({ mediaId: id, ...variant })))
  },
  async get(db, id, format, width) {
    const [row] = await db
      .select({ bytes: mediaVariants.bytes })
      .from(mediaVariants)
      .where(and(eq(mediaVariants.mediaId, id), eq(mediaVariants.format, format), eq(mediaVariants.width, width)))
    return row?.bytes ?? null
  },
}
