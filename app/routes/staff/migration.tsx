import { useEffect } from 'react'
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { SCREEN_COLLECTIONS, type MigrationCollection } from '../../server/migration/format'
import type { ImportReport } from '../../server/migration/import.server'
import { getJob, recentJobs, startJob, type JobView } from '../../server/jobs/jobs.server'
import { collectionSizes, readImportForm, runImportRequest, type ExportResult, type ImportOutcome } from '../../server/migration/screen.server'
import { csvContext } from '../../server/migration/products-csv.server'
import type { Route } from './+types/migration'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { DataTable } from '../../components/ui/table'
import { TextField } from '../../components/ui/text-field'
import { Alert } from '../../components/ui/alert'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Data migration', 'Export and import the shop’s collections as JSON files, and its products as a spreadsheet.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

const IMPORTABLE = SCREEN_COLLECTIONS.filter((collection) => collection !== 'history')

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, requestId } = shop(context)
  const params = new URL(request.url).searchParams
  const jobId = params.get('job')
  const [sizes, job, jobs] = await Promise.all([
    collectionSizes({ db, dataDir: config.DATA_DIR, requestId }),
    jobId ? getJob(db, jobId) : null,
    recentJobs(db, ['import', 'export']),
  ])
  return { ...sizes, exportFailed: params.get('exportFailed'), job, jobs, jobMissing: Boolean(jobId && !job) }
}

/**
 * An import's check or write is a job (docs/domain.md, Long actions): the upload is stored and read
 * here, the work then goes on after the answer, and the screen follows its progress at ?job=…
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const { db, config, requestId } = shop(context)
  const deps = { db, dataDir: config.DATA_DIR, requestId, staffEmail: staff.email, csv: csvContext(config, request) }
  const read = await readImportForm(request, deps)
  if (!('intent' in read)) return data(read, { status: read.status })
  const file = read.fileName || 'the file'
  const label = read.intent === 'apply' ? `Import of ${file} into ${read.collection}` : `Dry run of ${file} into ${read.collection}`
  const id = await startJob(db, { kind: `import-${read.intent}`, label, startedBy: staff.email }, async (progress) => {
    const outcome = await runImportRequest(read, deps, progress)
    return { result: outcome, failure: outcome.kind === 'error' ? outcome.message : undefined }
  })
  return redirect(`/migration?job=${id}`)
}

export default function Migration({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const { job } = loaderData
  const exporting = job?.kind.startsWith('export-') ? job : null
  const importing = exporting ? null : job
  const outcome = importing?.status === 'done' ? (importing.result as unknown as ImportOutcome) : null
  const alert = loaderData.exportFailed
    ? `Error fetching migration data collection "${loaderData.exportFailed}": the export could not be made. Try again in a moment.`
    : loaderData.error
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <Link to="/staff" className="text-sm text-brand-700 hover:underline">
        ← Staff
      </Link>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Data migration</h1>
      <p className="mt-2 text-slate-600">
        Download a collection as a JSON file, edit it or move it to another shop, and import it back. An import is checked first (a dry run) and then written in
        one go, with a history row for every document it changes. In the file each document sits under its id, and prices are in cents:{' '}
        <code className="rounded bg-slate-100 px-1">12900</code> is $129.00.
      </p>
      {alert ? (
        <Alert tone="error" className="mt-6">
          {alert}
        </Alert>
      ) : null}

      <section aria-labelledby="export-heading" className="mt-10">
        <h2 id="export-heading" className="text-xl font-semibold">
          Export
        </h2>
        <DataTable
          phone="fit"
          rows={SCREEN_COLLECTIONS}
          rowKey={(collection) => collection}
          columns={[
            { header: 'Collection', emphasis: 'font-medium', cell: (collection) => collection },
            { header: 'Documents', align: 'right', cell: (collection) => loaderData.sizes?.[collection].toLocaleString('en-AU') ?? '—' },
            {
              header: 'File',
              align: 'right',
              cell: (collection) => (
                <Form method="post" action={`/migration/export/${collection}`}>
                  <Button type="submit" variant="link" disabled={busy}>
                    Export {collection}
                  </Button>
                </Form>
              ),
            },
          ]}
        />
        {exporting && exporting.status !== 'done' ? <JobProgress job={exporting} /> : null}
        {exporting?.status === 'done' ? <ExportReady job={exporting} /> : null}
        <div className="mt-6 rounded-lg border border-slate-200 p-5">
          <h3 className="font-semibold">Products as a spreadsheet</h3>
          <p className="mt-1 text-sm text-slate-600">
            One row per product, with Shopify’s column names (Handle, Title, Variant Price…) and prices in dollars, for Excel, Google Sheets or Shopify. Edit it
            and import it below: columns you leave out keep their stored values.
          </p>
          <a href="/migration/products.csv" download="products.csv" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Download products.csv
          </a>
        </div>
      </section>

      <section aria-labelledby="import-heading" className="mt-12">
        <h2 id="import-heading" className="text-xl font-semibold">
          Import
        </h2>
        {/* A new form after an import, so the file just written is not offered again. */}
        <Form
          key={outcome?.kind === 'applied' ? outcome.report.plan : 'import'}
          method="post"
          encType="multipart/form-data"
          className="mt-4 grid gap-5 rounded-lg border border-slate-200 p-5 sm:grid-cols-2"
        >
          <SelectField
            name="collection"
            label="Collection"
            size="sm"
            defaultValue={outcome && 'collection' in outcome ? outcome.collection : 'products'}
            options={Object.fromEntries(IMPORTABLE.map((collection) => [collection, collection]))}
            hint="History is read-only: it records every write and cannot be imported."
          />
          <TextField
            name="file"
            label="File to import"
            type="file"
            accept=".json,application/json,.csv,text/csv"
            hint="An export file (.json), or products.csv for products."
            required
            size="sm"
            inputClassName="file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1"
          />
          <TextField
            name="renames"
            label="Rename fields"
            optional
            size="sm"
            className="sm:col-span-2"
            placeholder="price=productPrices, name=productName"
            hint="old=new, separated by commas: applied to every document of a JSON file before it is checked."
          />
          <div className="sm:col-span-2">
            <Button type="submit" name="intent" value="check" disabled={busy}>
              {busy ? 'Uploading…' : 'Check file (dry run)'}
            </Button>
          </div>
        </Form>
        {actionData?.kind === 'error' ? (
          <Alert tone="error" className="mt-6">
            {actionData.message}
          </Alert>
        ) : null}
        {loaderData.jobMissing ? (
          <Alert tone="error" className="mt-6">
            That import or export is not known here (they are kept for 30 days). Start it again.
          </Alert>
        ) : null}
        {importing && importing.status !== 'done' ? <JobProgress job={importing} /> : null}
        {outcome?.kind === 'dry-run' ? <DryRun outcome={outcome} busy={busy} /> : null}
        {outcome?.kind === 'applied' ? <Applied collection={outcome.collection} fileName={outcome.fileName} report={outcome.report} /> : null}
      </section>
      <RecentJobs jobs={loaderData.jobs} current={job?.id ?? null} />
    </div>
  )
}

function Counts({ report, verbs }: { report: ImportReport; verbs: [string, string] }) {
  const { counts } = report
  const items: [number, string][] = [
    [counts.create, verbs[0]],
    [counts.update, verbs[1]],
    [counts.unchanged, 'unchanged'],
    [counts.rejected, 'rejected'],
  ]
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([count, label]) => (
        <li
          key={label}
          className={`rounded-lg border px-4 py-3 ${label === 'rejected' && count > 0 ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200'}`}
        >
          <strong className="block text-2xl tabular-nums">{count.toLocaleString('en-AU')}</strong> {label}
        </li>
      ))}
    </ul>
  )
}

type DryRunOutcome = Extract<ImportOutcome, { kind: 'dry-run' }>

const STATUS_BADGES = {
  running: ['Running', 'warning'],
  done: ['Done', 'success'],
  failed: ['Failed', 'danger'],
  interrupted: ['Stopped', 'danger'],
} as const

/**
 * A job still running: a bar and the count, refreshed every second with JavaScript (a Refresh link
 * without); a failed or cut-off one: why. The work goes on if the page is left.
 */
function JobProgress({ job }: { job: JobView }) {
  const revalidator = useRevalidator()
  const running = job.status === 'running'
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, 1000)
    return () => clearInterval(timer)
  }, [running, revalidator])
  const percent = Math.round(job.fraction * 100)
  if (!running) {
    return (
      <section aria-labelledby="job-heading" className="mt-8 rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
        <h3 id="job-heading" className="text-lg font-semibold">
          {job.label}: {job.status === 'failed' ? 'failed' : 'stopped'}
        </h3>
        <p role="alert" className="mt-2 text-sm">
          {job.error}
        </p>
      </section>
    )
  }
  return (
    <section aria-labelledby="job-heading" className="mt-8 rounded-lg border border-slate-200 p-5">
      <h3 id="job-heading" className="text-lg font-semibold">
        {job.label}
      </h3>
      <div
        role="progressbar"
        aria-labelledby="job-heading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700" data-testid="job-count">
        {job.kind.startsWith('export-')
          ? `${job.done.toLocaleString('en-AU')} documents written, ${percent} %.`
          : `${job.done.toLocaleString('en-AU')} documents read, ${percent} % of the file.`}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        You can leave this page: the work goes on, and it is listed under “Recent imports and exports” when you come back.{' '}
        <Link to={`/migration?job=${job.id}`} className="font-semibold text-brand-700 underline">
          Refresh
        </Link>
      </p>
    </section>
  )
}

/** A finished export: its file, kept for 30 days, for any process of the shop to hand out. */
function ExportReady({ job }: { job: JobView }) {
  const result = job.result as ExportResult
  return (
    <section aria-labelledby="export-ready-heading" className="mt-8 rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-950">
      <h3 id="export-ready-heading" className="text-lg font-semibold">
        {job.label}: ready
      </h3>
      <p className="mt-1 text-sm">
        {result.documents.toLocaleString('en-AU')} documents, {formatSize(result.bytes)}. Kept here for 30 days.
      </p>
      <a href={`/migration/jobs/${job.id}/file`} download={result.fileName} className="mt-3 inline-block font-semibold text-brand-700 underline">
        Download {result.fileName}
      </a>
    </section>
  )
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-AU')} KB`
  return `${(bytes / (1024 * 1024)).toLocaleString('en-AU', { maximumFractionDigits: 1 })} MB`
}

function RecentJobs({ jobs, current }: { jobs: JobView[]; current: string | null }) {
  if (jobs.length === 0) return null
  return (
    <section aria-labelledby="recent-heading" className="mt-12">
      <h2 id="recent-heading" className="text-xl font-semibold">
        Recent imports and exports
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-200 text-sm">
        {jobs.map((job) => {
          const [label, tone] = STATUS_BADGES[job.status]
          return (
            <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="recent-job">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {job.id === current ? (
                  <strong>{job.label}</strong>
                ) : (
                  <Link to={`/migration?job=${job.id}`} className="font-semibold text-brand-700 hover:underline">
                    {job.label}
                  </Link>
                )}
                <span className="block text-slate-500">
                  {job.startedBy},{' '}
                  {new Date(job.createdAt).toLocaleString('en-AU', { timeZone: 'Australia/Brisbane', dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </span>
              <span className="flex items-center gap-2">
                {job.status === 'running' ? <span className="tabular-nums text-slate-600">{Math.round(job.fraction * 100)} %</span> : null}
                <Badge tone={tone}>{label}</Badge>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function DryRun({ outcome, busy }: { outcome: DryRunOutcome; busy: boolean }) {
  const { report } = outcome
  const more = (shown: number, total: number) =>
    total > shown ? <li className="text-slate-500">… and {(total - shown).toLocaleString('en-AU')} more</li> : null
  const writes = report.counts.create + report.counts.update
  const csv = outcome.format === 'csv'
  // Dry runs kept (30 days) from before spreadsheets were read have no list of ignored columns.
  const ignoredColumns = outcome.ignoredColumns ?? []
  return (
    <section aria-labelledby="dry-run-heading" className="mt-8 rounded-lg border border-slate-200 p-5">
      <h3 id="dry-run-heading" className="text-lg font-semibold">
        Dry run of {outcome.fileName || 'the file'} into {outcome.collection}
      </h3>
      {outcome.notice ? (
        <p role="alert" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {outcome.notice}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        Nothing has been written yet. {report.total.toLocaleString('en-AU')} {csv ? 'product' : 'document'}
        {report.total === 1 ? '' : 's'} in the file.
      </p>
      {ignoredColumns.length ? (
        <p className="mt-2 text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="ignored-columns">
          Ignored columns: {ignoredColumns.join(', ')}.
        </p>
      ) : null}
      <Counts report={report} verbs={['to create', 'to update']} />
      {report.rejected.length ? (
        <div className="mt-6">
          <h4 className="font-semibold text-red-900">Rejected</h4>
          <ul className="mt-2 space-y-1 text-sm">
            {report.rejected.map((item, index) => (
              <li key={`${item.id}-${index}`}>
                <code className="break-all font-semibold">{item.id}</code>: {item.reason}
              </li>
            ))}
            {more(report.rejected.length, report.counts.rejected)}
          </ul>
        </div>
      ) : null}
      {report.updated.length ? (
        <div className="mt-6">
          <h4 className="font-semibold">To update</h4>
          <ul className="mt-2 space-y-1 text-sm">
            {report.updated.map((item) => (
              <li key={item.id}>
                <code className="break-all font-semibold">{item.id}</code>
                {item.renamedFrom ? (
                  <>
                    {' '}
                    (renamed from <code className="break-all">{item.renamedFrom}</code>)
                  </>
                ) : null}
                : {item.fields.join(', ')}
              </li>
            ))}
            {more(report.updated.length, report.counts.update)}
          </ul>
        </div>
      ) : null}
      {report.created.length ? (
        <div className="mt-6">
          <h4 className="font-semibold">To create</h4>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {report.created.map((id) => (
              <li key={id}>
                <code className="break-all">{id}</code>
              </li>
            ))}
            {more(report.created.length, report.counts.create)}
          </ul>
        </div>
      ) : null}
      {report.counts.rejected > 0 ? (
        <p className="mt-6 text-sm font-medium text-red-900">
          Nothing can be imported until the rejected {csv ? 'products' : 'documents'} are fixed or removed from the file.
        </p>
      ) : writes === 0 ? (
        <p className="mt-6 text-sm font-medium">Every {csv ? 'product' : 'document'} is already stored as it is in the file: there is nothing to write.</p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-6">
          <input type="hidden" name="format" value={csv ? 'csv' : 'json'} />
          {(['collection', 'token', 'renames', 'fileName'] as const).map((name) => (
            <input key={name} type="hidden" name={name} value={outcome[name]} />
          ))}
          <input type="hidden" name="plan" value={report.plan} />
          <Button type="submit" name="intent" value="apply" disabled={busy}>
            {busy ? 'Writing…' : `Apply: write ${writes.toLocaleString('en-AU')} document${writes === 1 ? '' : 's'}`}
          </Button>
        </Form>
      )}
    </section>
  )
}

function Applied({ collection, fileName, report }: { collection: MigrationCollection; fileName: string; report: ImportReport }) {
  return (
    <section role="status" aria-labelledby="applied-heading" className="mt-8 rounded-lg border border-green-200 bg-green-50 p-5 text-green-950">
      <h3 id="applied-heading" className="text-lg font-semibold">
        Imported {fileName || 'the file'} into {collection}
      </h3>
      <Counts report={report} verbs={['created', 'updated']} />
      <p className="mt-4 text-sm">
        Each created or updated document has a history row in your name.{' '}
        <Link to="/history" className="font-semibold underline">
          See the history
        </Link>
        .
      </p>
    </section>
  )
}
