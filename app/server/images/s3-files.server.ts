import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import type { MediaFormat } from '../../lib/media.ts'
import { databaseImageFiles, type ImageFileStore } from './file-store.server.ts'

/** Where and how to reach the bucket (from the S3_* settings, env.server.ts). */
export interface S3Settings {
  bucket: string
  /** Another S3-compatible service (MinIO, R2…); unset: AWS S3 in `region`. */
  endpoint?: string
  region: string
  /** Unset: the SDK's default chain (AWS_* variables, shared files, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean
  /** Put before every key, e.g. `media/`. */
  prefix: string
}

export interface S3ImageFiles extends ImageFileStore {
  readonly kind: 's3'
  readonly bucket: string
  /** The object key of one file: `<prefix><id>/<width>.<format>`. */
  key(id: string, width: number, format: MediaFormat): string
  /** Closes the client's connections (tests; a shop process keeps its store until it exits). */
  destroy(): void
}

/** A client of the bucket's service (images' files here; scheduled backups in app/server/backup). */
export function s3Client(settings: S3Settings, requestHandler?: S3ClientConfig['requestHandler']): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    ...(requestHandler ? { requestHandler } : {}),
    // Other S3-compatible services do not all accept the checksums the SDK now sends by default.
    ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  })
}

/** What every file gets from the bucket too, should it ever be served from there directly: it never changes. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * Image files kept as objects in an S3-compatible bucket, one object a file. The image's row stays in
 * the database; `put` runs inside the transaction that writes it, so a refused put leaves no row. A
 * file that is not in the bucket is looked for in the database: images stored before the bucket was
 * configured keep being served.
 */
export function s3ImageFiles(settings: S3Settings): S3ImageFiles {
  // Bounded like every wait on the database: an upload holds a transaction open while it puts.
  const client = s3Client(settings, { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true })
  const key = (id: string, width: number, format: MediaFormat) => `${settings.prefix}${id}/${width}.${format}`
  const where = `S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`

  return {
    kind: 's3',
    bucket: settings.bucket,
    key,
    destroy: () => client.destroy(),

    async put(_tx, id, variants) {
      const keys = variants.map((variant) => key(id, variant.width, variant.format))
      const results = await Promise.allSettled(
        variants.map((variant, index) =>
          client.send(
            new PutObjectCommand({
              Bucket: settings.bucket,
              Key: keys[index],
              Body: variant.bytes,
              ContentType: `image/${variant.format}`,
              CacheControl: CACHE_CONTROL,
            }),
          ),
        ),
      )
      const failed = results.find((result) => result.status === 'rejected')
      if (!failed) return
      // The image's row is rolled back: the files that did arrive would belong to no image.
      await Promise.allSettled(
        keys
          .filter((_, index) => results[index]!.status === 'fulfilled')
          .map((written) => client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: written }))),
      )
      throw new Error(`The image's files could not be written to the ${where}: ${describe(failed.reason)}`, { cause: failed.reason })
    },

    async get(db, id, format, width) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(id, width, format) }))
        if (!object.Body) throw new Error('the object came without a body')
        return Buffer.from(await object.Body.transformToByteArray())
      } catch (error) {
        if (isMissingObject(error)) return databaseImageFiles.get(db, id, format, width)
        throw new Error(`An image file could not be read from the ${where}: ${describe(error)}`, { cause: error })
      }
    },
  }
}

/** No such key (a missing bucket is a configuration error, not a missing file). */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  return error.name === 'NoSuchKey' || (status === 404 && error.name !== 'NoSuchBucket')
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
