import type { Env } from '../env.server.ts'
import { databaseImageFiles, type ImageFileStore } from './file-store.server.ts'
import type { S3Settings } from './s3-files.server.ts'

/**
 * The store this shop keeps image files in: the database unless S3_BUCKET names an S3-compatible
 * bucket. The S3 module (and the AWS SDK with it) is loaded only then, so a shop without object
 * storage never holds the SDK in its memory.
 */
export async function imageFileStore(config: Env): Promise<ImageFileStore> {
  if (!config.S3_BUCKET) return databaseImageFiles
  const { s3ImageFiles } = await import('./s3-files.server.ts')
  return s3ImageFiles(s3Settings(config, config.S3_BUCKET))
}

/** The bucket's settings from S3_*: where images' files go, and scheduled backups (app/server/backup). */
export function s3Settings(config: Env, bucket: string): S3Settings {
  return {
    bucket,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  }
}
