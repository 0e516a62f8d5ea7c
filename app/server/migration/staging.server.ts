import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * A file uploaded on the migration screen is kept between its dry run and the staff member's
 * "Apply", under a random token, in DATA_DIR/imports. Old ones are removed.
 */
const KEEP_MS = 24 * 60 * 60 * 1000
const TOKEN = /^[0-9a-f]{32}$/

export class StagedFileMissingError extends Error {
  override name = 'StagedFileMissingError'
  constructor() {
    super('The uploaded file is no longer here (files are kept for a day). Upload it again.')
  }
}

const directoryOf = (dataDir: string) => path.join(dataDir, 'imports')

function fileOf(dataDir: string, token: string): string {
  if (!TOKEN.test(token)) throw new StagedFileMissingError()
  return path.join(directoryOf(dataDir), `${token}.json`)
}

export async function stageFile(dataDir: string, file: Blob): Promise<string> {
  await mkdir(directoryOf(dataDir), { recursive: true })
  await removeOldFiles(dataDir)
  const token = randomBytes(16).toString('hex')
  await pipeline(Readable.fromWeb(file.stream() as import('node:stream/web').ReadableStream), createWriteStream(fileOf(dataDir, token), { flags: 'wx' }))
  return token
}

/** The staged file as text, piece by piece. */
export async function readStagedFile(dataDir: string, token: string): Promise<AsyncIterable<string>> {
  const file = fileOf(dataDir, token)
  await stat(file).catch(() => {
    throw new StagedFileMissingError()
  })
  return createReadStream(file, { encoding: 'utf8' })
}

/** The staged file's size in bytes (0 when it is gone), to say how far through it an import is. */
export async function stagedFileSize(dataDir: string, token: string): Promise<number> {
  return (await stat(fileOf(dataDir, token)).catch(() => ({ size: 0 }))).size
}

export async function discardStagedFile(dataDir: string, token: string): Promise<void> {
  await rm(fileOf(dataDir, token), { force: true })
}

async function removeOldFiles(dataDir: string) {
  const directory = directoryOf(dataDir)
  for (const name of await readdir(directory)) {
    const file = path.join(directory, name)
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }))
    if (Date.now() - mtimeMs > KEEP_MS) await rm(file, { force: true })
  }
}
