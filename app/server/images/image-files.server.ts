import type { Env } from '../env.server.ts'
import { databaseImageFiles, type ImageFileStore } from './file-store.server.ts'

/** The store this shop keeps image files in: the database unless S3-compatible storage is configured. */
export async function imageFileStore(_config: Env): Promise<ImageFileStore> {
  return databaseImageFiles
}
