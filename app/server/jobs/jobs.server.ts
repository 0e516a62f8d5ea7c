import { randomBytes } from 'node:crypto'
import { and, desc, eq, like, lt, or, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.server.ts'
import { jobFiles, jobs } from '../db/schema.ts'
import { logger } from '../log.server.ts'

export type JobRow = typeof jobs.$inferSelect

/** A running job whose progress has not moved for this long was cut off (its process ended). */
export const STALLED_MS = 2 * 60_000

export interface JobView {
  id: string
  kind: string
  label: string
  status: 'running' | 'done' | 'failed' | 'interrupted'
  done: number
  /** 0 to 1. */
  fraction: number
  result: unknown
  error: string | null
  startedBy: string
  createdAt: string
  finishedAt: string | null
}

export function jobView(row: JobRow, now = Date.now()): JobView {
  const stalled = row.status === 'running' && now - row.updatedAt.getTime() > STALLED_MS
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    status: stalled ? 'interrupted' : row.status,
    done: row.done,
    fraction: Math.min(1, Math.max(0, row.fraction)),
    result: row.result,
    error: stalled ? 'It stopped when the shop restarted; nothing was written. Start it again.' : row.error,
    startedBy: row.startedBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

export type Progress = (done: number, fraction: number) => void

/**
 * Keeps a job's progress in its row without ever making the work wait for it: at most one write is
 * under way and the newest figures follow it. (A write awaited inside the work's own transaction
 * would wait for that transaction on a one-session database.)
 */
function progressWriter(db: Executor, id: string): { report: Progress; settle: () => Promise<void> } {
  let latest: { done: number; fraction: number } | null = null
  let writing: Promise<void> | null = null
  const write = (): Promise<void> => {
    const next = latest
    latest = null
    if (!next) return Promise.resolve()
    return db
      .update(jobs)
      .set({ done: next.done, fraction: next.fraction, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
      .then(
        () => write(),
        (error: unknown) => logger.warn({ err: error, job: id }, 'job progress not saved'),
      )
  }
  return {
    report(done, fraction) {
      latest = { done, fraction }
      writing ??= write().finally(() => {
        writing = null
      })
    },
    settle: async () => {
      while (writing) await writing
    },
  }
}

/**
 * Starts `work` after answering: the job's row is written first, the work then runs in this process
 * and its outcome (or the reason it failed) is kept on the row. Returns the job's id.
 */
export async function startJob(
  db: Database,
  { kind, label, startedBy }: { kind: string; label: string; startedBy: string },
  work: (progress: Progress, id: string) => Promise<{ result: unknown; failure?: string }>,
): Promise<string> {
  const id = randomBytes(12).toString('base64url')
  await db.insert(jobs).values({ id, kind, label, startedBy })
  const progress = progressWriter(db, id)
  void (async () => {
    let outcome: { status: 'done' | 'failed'; result: unknown; error: string | null }
    try {
      const { result, failure } = await work(progress.report, id)
      outcome = { status: failure ? 'failed' : 'done', result, error: failure ?? null }
    } catch (error) {
      logger.error({ err: error, job: id, kind }, 'job failed')
      outcome = { status: 'failed', result: null, error: 'It stopped on an unexpected error; nothing was written. The shop’s log has the details.' }
    }
    await progress.settle()
    await db
      .update(jobs)
      .set({ ...outcome, fraction: outcome.status === 'done' ? 1 : sql`${jobs.fraction}`, updatedAt: new Date(), finishedAt: new Date() })
      .where(eq(jobs.id, id))
      .catch((error: unknown) => logger.error({ err: error, job: id }, 'job outcome not saved'))
  })()
  return id
}

export async function getJob(db: Executor, id: string): Promise<JobView | null> {
  if (!/^[A-Za-z0-9_-]{16}$/.test(id)) return null
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
  return row ? jobView(row) : null
}

/** The newest jobs whose kind starts with one of `prefixes` (`import`, `export` for the migration screen). */
export async function recentJobs(db: Executor, prefixes: string[], limit = 10): Promise<JobView[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(or(...prefixes.map((prefix) => like(jobs.kind, `${prefix}%`))))
    .orderBy(desc(jobs.createdAt))
    .limit(limit)
  return rows.map((row) => jobView(row))
}

/** Characters per stored part of a job's file: about a megabyte. */
export const FILE_PART_CHARS = 1_000_000

/** Keeps the file a job makes, in parts, as its pieces come; returns its size in bytes. */
export async function keepJobFile(db: Executor, jobId: string, pieces: AsyncIterable<string>, partChars = FILE_PART_CHARS): Promise<number> {
  let part = 0
  let held = ''
  let bytes = 0
  const store = async () => {
    await db.insert(jobFiles).values({ jobId, part, text: held })
    part += 1
    held = ''
  }
  for await (const piece of pieces) {
    held += piece
    bytes += Buffer.byteLength(piece)
    if (held.length >= partChars) await store()
  }
  if (held || part === 0) await store()
  return bytes
}

/** A job's file, part by part (nothing when the job kept none). */
export async function* jobFileText(db: Executor, jobId: string): AsyncGenerator<string> {
  for (let part = 0; ; part += 1) {
    const [row] = await db
      .select({ text: jobFiles.text })
      .from(jobFiles)
      .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.part, part)))
    if (!row) return
    yield row.text
  }
}

/** Byte counting for a file read as text: how far through it the reader is. */
export async function* countingBytes(pieces: AsyncIterable<string>, onBytes: (bytes: number) => void): AsyncIterable<string> {
  let bytes = 0
  for await (const piece of pieces) {
    bytes += Buffer.byteLength(piece)
    onBytes(bytes)
    yield piece
  }
}

/** Jobs (and the files they made) are kept 30 days for "Recent imports and exports", then forgotten (timed work). */
export async function forgetOldJobs(db: Executor, now = new Date()): Promise<void> {
  await db.delete(jobs).where(lt(jobs.createdAt, new Date(now.getTime() - 30 * 86_400_000)))
}
