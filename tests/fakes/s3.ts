import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

/** The keys s3rver checks signatures with. */
export const FAKE_S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * A real S3-compatible server (s3rver) on a free loopback port, keeping its objects in a temporary
 * directory that `close` removes, with one bucket. `env` is the shop's configuration for it.
 */
export async function startFakeS3(bucket = 'shop-images') {
  const directory = await mkdtemp(join(tmpdir(), 'shop-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: FAKE_S3_KEY })
  return {
    endpoint,
    bucket,
    client,
    /** S3_* settings for the shop, with another bucket name to try one that does not exist. */
    env: (overrides: { S3_BUCKET?: string; S3_PREFIX?: string } = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: FAKE_S3_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...overrides,
    }),
    /** Every key in the bucket (under `prefix`), sorted, read through the S3 API. */
    async keys(prefix = ''): Promise<string[]> {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
        keys.push(...(page.Contents ?? []).map((object) => object.Key!))
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    },
    async close() {
      client.destroy()
      server.httpServer?.closeAllConnections()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>
