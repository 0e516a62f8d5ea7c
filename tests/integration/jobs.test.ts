import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { jobFiles, jobs } from '../../app/server/db/schema'
import { forgetOldJobs, getJob, jobFileText, keepJobFile, recentJobs, startJob, type JobView } from '../../app/server/jobs/jobs.server'
import { exportDownload, exportJobDownload, readImportForm, runImportRequest, startExport, type ImportOutcome } from '../../app/server/migration/screen.server'
import { eq } from 'drizzle-orm'
import { testDatabaseKinds } from '../support/databases'

const STAFF = 'jobs@shop.example'

describe.each(testDatabaseKinds())('long actions as jobs on $name', (kind) => {
  let database: DatabaseHandle
  let dataDir: string
  beforeAll(async () => {
    database = await kind.open()
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-jobs-'))
    await seedCatalog(database.db)
  })
  afterAll(async () => {
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const deps = () => ({ db: database.db, dataDir, requestId: 'jobs-test', staffEmail: STAFF })
  async function finished(id: string): Promise<JobView> {
    for (let tries = 0; tries < 300; tries++) {
      const job = await getJob(database.db, id)
      if (job && job.status !== 'running') return job
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`job ${id} did not finish`)
  }

  it('an import check runs after its request, its count and share of the file moving as it goes, and keeps its dry run', async () => {
    const file = JSON.parse(await (await exportDownload(deps(), 'products')).text())
    const [model] = Object.values(file.documents) as Record<string, unknown>[]
    const documents: Record<string, unknown> = {}
    for (let index = 0; index < 1_200; index++) documents[`job-copy-${index}`] = { ...model, FBUID: `job-copy-${index}`, productName: `Job Copy ${index}` }
    const form = new FormData()
    form.set('collection', 'products')
    form.set('intent', 'check')
    form.set('file', new File([JSON.stringify({ ...file, documents })], 'copies.json', { type: 'application/json' }))
    const read = await readImportForm(new Request('http://shop.test/migration', { method: 'POST', body: form }), deps())
    if (!('intent' in read)) throw new Error(read.message)

    const heard: [number, number][] = []
    const id = await startJob(database.db, { kind: 'import-check', label: 'Dry run of copies.json into products', startedBy: STAFF }, async (progress) => {
      const outcome = await runImportRequest(read, deps(), (count, fraction) => {
        heard.push([count, fraction])
        progress(count, fraction)
      })
      return { result: outcome }
    })
    const job = await finished(id)
    expect(job).toMatchObject({ status: 'done', done: 1_200, fraction: 1, label: 'Dry run of copies.json into products', startedBy: STAFF })
    const outcome = job.result as ImportOutcome
    expect(outcome).toMatchObject({ kind: 'dry-run', fileName: 'copies.json', report: { total: 1_200, counts: { create: 1_200, rejected: 0 } } })
    // Three batches of at most 500: the count and the share of the file grow to the whole.
    expect(heard.map(([count]) => count)).toEqual([500, 1_000, 1_200])
    expect(heard[0]![1]).toBeGreaterThan(0)
    expect(heard[0]![1]).toBeLessThan(1)
    expect(heard.map(([, fraction]) => fraction)).toEqual([...heard.map(([, fraction]) => fraction)].sort((a, b) => a - b))
    expect(heard.at(-1)![1]).toBe(1)
    expect((await recentJobs(database.db, ['import']))[0]).toMatchObject({ id, status: 'done' })
  })

  it('a job that fails says why; one that stopped moving (its process ended) is shown as stopped', async () => {
    const refused = await startJob(database.db, { kind: 'import-check', label: 'Refused', startedBy: STAFF }, async () => ({
      result: null,
      failure: 'This file is not an export. Nothing was written.',
    }))
    expect(await finished(refused)).toMatchObject({ status: 'failed', error: 'This file is not an export. Nothing was written.' })
    const broken = await startJob(database.db, { kind: 'import-check', label: 'Broken', startedBy: STAFF }, async () => {
      throw new Error('disk on fire')
    })
    expect((await finished(broken)).error).toMatch(/^It stopped on an unexpected error; nothing was written/)

    const old = new Date(Date.now() - 5 * 60_000)
    await database.db.insert(jobs).values({ id: 'stalled-job-0001', kind: 'import-apply', label: 'Cut off', startedBy: STAFF, createdAt: old, updatedAt: old })
    expect(await getJob(database.db, 'stalled-job-0001')).toMatchObject({
      status: 'interrupted',
      error: expect.stringMatching(/restarted; nothing was written/),
    })
    expect(await getJob(database.db, 'not a job id')).toBeNull()
    // Kept a month for "Recent imports", then forgotten.
    const ancient = new Date(Date.now() - 40 * 86_400_000)
    await database.db
      .insert(jobs)
      .values({ id: 'ancient-job-0001', kind: 'import-check', label: 'Long ago', startedBy: STAFF, status: 'done', createdAt: ancient, updatedAt: ancient })
    await forgetOldJobs(database.db)
    expect(await getJob(database.db, 'ancient-job-0001')).toBeNull()
    expect(await getJob(database.db, 'stalled-job-0001')).not.toBeNull()
  })

  it('an export runs as a job: it counts the documents written, keeps the file in the database, and hands out the same file as the direct download', async () => {
    const id = await startExport(deps(), 'products', STAFF)
    const job = await finished(id)
    const direct = await (await exportDownload(deps(), 'products')).text()
    expect(job).toMatchObject({ status: 'done', kind: 'export-products', label: 'Export of products', fraction: 1, startedBy: STAFF })
    expect(job.result).toMatchObject({ fileName: expect.stringMatching(/^products-\d{4}-\d{2}-\d{2}\.json$/), bytes: Buffer.byteLength(direct) })
    const count = Object.keys(JSON.parse(direct).documents).length
    expect(job.done).toBe(count)
    expect((job.result as { documents: number }).documents).toBe(count)
    const download = (await exportJobDownload(database.db, job))!
    expect(download.headers.get('content-disposition')).toContain((job.result as { fileName: string }).fileName)
    expect(await download.text()).toBe(direct)
    expect((await recentJobs(database.db, ['import', 'export']))[0]).toMatchObject({ id })
    // An import job, or an unfinished one, has no file to hand out.
    expect(await exportJobDownload(database.db, { ...job, kind: 'import-check' })).toBeNull()
    expect(await exportJobDownload(database.db, { ...job, status: 'running' })).toBeNull()
  })

  it('a job file is kept in parts, read back whole, and forgotten with its job', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000)
    await database.db.insert(jobs).values({ id: 'file-job-000001', kind: 'export-products', label: 'Parts', startedBy: STAFF, createdAt: old, updatedAt: old })
    async function* pieces() {
      for (let index = 0; index < 10; index++) yield `piece ${index} – ü;`
    }
    const bytes = await keepJobFile(database.db, 'file-job-000001', pieces(), 40)
    const text = Array.from({ length: 10 }, (_, index) => `piece ${index} – ü;`).join('')
    expect(bytes).toBe(Buffer.byteLength(text))
    const parts = await database.db.select().from(jobFiles).where(eq(jobFiles.jobId, 'file-job-000001'))
    expect(parts.length).toBeGreaterThan(2)
    let read = ''
    for await (const part of jobFileText(database.db, 'file-job-000001')) read += part
    expect(read).toBe(text)
    await forgetOldJobs(database.db)
    expect(await database.db.select().from(jobFiles).where(eq(jobFiles.jobId, 'file-job-000001'))).toEqual([])
  })
})
