import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { ActionBadge, actionLabel, ChangesList, COLLECTION_LABELS, historyDateFormat } from '../../components/staff/history-changes'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { documentTimeline, isCollection, NotRestorableError, RESTORABLE, restoreVersion } from '../../server/history/history.server'
import type { Route } from './+types/history.$collection.$documentId'
import { readForm } from '../../server/http/form.server'
import { Button } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(
    loaderData ? `History of ${loaderData.name ?? loaderData.documentId}` : 'History',
    'Every version of a record, what changed, and who changed it.',
    shopNameFrom(matches),
  ),
  { name: 'robots', content: 'noindex' },
]

/** A record's display name, from its newest version. */
function nameOf(document: Record<string, unknown>): string | null {
  for (const key of ['templateName', 'productName', 'contactName', 'company', 'name']) {
    if (typeof document[key] === 'string' && document[key]) return document[key]
  }
  const person = [document.profileNameGiven, document.profileNameFamily].filter((part) => typeof part === 'string' && part).join(' ')
  return person || null
}

/** The screen where staff change each setting that keeps a history. */
const SETTING_SCREENS: Record<string, string> = { 'pay-later': '/settings/payments' }

/** Where the record itself lives, while it exists. */
function recordPath(collection: string, documentId: string): string | null {
  const id = encodeURIComponent(documentId)
  if (collection === 'settings') return SETTING_SCREENS[documentId] ?? null
  return (
    (
      {
        templates: `/template/${id}`,
        products: `/product/${id}`,
        orders: `/orders/${id}`,
        quotes: `/quotes/${id}`,
        'trade-accounts': `/staff/customers/${id}`,
        promotions: `/staff/promotions/${id}`,
      } as Record<string, string>
    )[collection] ?? null
  )
}

const timelinePath = (collection: string, documentId: string) => `/history/${collection}/${encodeURIComponent(documentId)}`

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { collection, documentId } = params
  if (!isCollection(collection)) throw data(null, { status: 404 })
  const timeline = await documentTimeline(shop(context).db, collection, documentId)
  if (timeline.length === 0) throw data(null, { status: 404 })
  const restorable = RESTORABLE.includes(collection)
  const versions = timeline.map((version, index) => {
    const movedTo = typeof version.document.movedTo === 'string' ? version.document.movedTo : null
    const movedFrom = typeof version.document.movedFrom === 'string' ? version.document.movedFrom : null
    return {
      id: version.id,
      label: actionLabel(version.action, version.document.restored === true),
      updatedAt: version.updatedAt,
      updatedBy: version.updatedBy,
      changes: version.changes,
      movedTo,
      movedFrom,
      // The newest version of a record that exists is what it is now: nothing to put back.
      current: index === 0 && version.action !== 'delete',
      canRestore: restorable && version.action !== 'delete' && !movedTo && index !== 0,
    }
  })
  const restoredId = Number(new URL(request.url).searchParams.get('restored'))
  const restoredVersion = versions.find((version) => version.id === restoredId) ?? null
  const deleted = timeline[0]!.action === 'delete'
  return {
    collection,
    collectionLabel: COLLECTION_LABELS[collection] ?? collection,
    documentId,
    name: nameOf(timeline.find((version) => version.action !== 'delete')?.document ?? timeline[0]!.document),
    deleted,
    recordPath: deleted ? null : recordPath(collection, documentId),
    restorable,
    restored: restoredVersion ? { id: restoredVersion.id, updatedAt: restoredVersion.updatedAt } : null,
    versions,
  }
}

/** Puts an old version back; the restore is a new version of its own (history.server.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const { collection, documentId } = params
  if (!isCollection(collection)) throw data(null, { status: 404 })
  const { db } = shop(context)
  const historyId = Number((await readForm(request)).get('historyId'))
  if (!Number.isSafeInteger(historyId) || historyId < 1) return data({ error: 'Choose a version to restore.' }, { status: 400 })
  const timeline = await documentTimeline(db, collection, documentId)
  if (timeline.length === 0) throw data(null, { status: 404 })
  if (!timeline.some((version) => version.id === historyId)) return data({ error: 'That version is not part of this record’s history.' }, { status: 400 })
  try {
    await restoreVersion(db, historyId, staff.email)
  } catch (error) {
    // Refusals (orders, profiles, renames) and versions that no longer pass the record's rules.
    if (error instanceof NotRestorableError) {
      return data({ error: error.message }, { status: 409 })
    }
    throw error
  }
  throw redirect(`${timelinePath(collection, documentId)}?restored=${historyId}`)
}

export default function RecordTimeline({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, collectionLabel, documentId, name, deleted, restored, versions } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <Link to="/history" className="text-sm text-brand-700 hover:underline">
        ← All history
      </Link>
      <h1 className="mt-1 break-words text-3xl font-bold tracking-tight">History of {name ?? documentId}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {collectionLabel} <span className="break-all font-mono text-xs">{documentId}</span> ·{' '}
        {versions.length === 1 ? '1 version' : `${versions.length} versions`}, newest first
        {loaderData.recordPath ? (
          <>
            {' · '}
            <Link to={loaderData.recordPath} className="font-semibold text-brand-700 hover:underline">
              Open the {collectionLabel.toLowerCase()}
            </Link>
          </>
        ) : null}
      </p>

      {actionData?.error ? (
        <Alert tone="error" className="mt-6">
          {actionData.error}
        </Alert>
      ) : null}
      {restored && !actionData ? (
        <Alert tone="success" className="mt-6">
          The version from {historyDateFormat.format(new Date(restored.updatedAt))} was restored. The restore is the newest version below.
        </Alert>
      ) : null}
      {deleted ? (
        <p className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This {collectionLabel.toLowerCase()} is deleted.
          {loaderData.restorable ? ' Restore one of its earlier versions to bring it back.' : ''}
        </p>
      ) : null}

      <ol className="mt-8 space-y-6">
        {versions.map((version, index) => {
          const when = historyDateFormat.format(new Date(version.updatedAt))
          const headingId = `version-${version.id}`
          return (
            <li key={version.id} aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-5" data-testid="history-version">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 id={headingId} className="flex flex-wrap items-center gap-3 text-base font-semibold">
                    <ActionBadge label={version.label} />
                    <span>
                      Version {versions.length - index}, <time dateTime={new Date(version.updatedAt).toISOString()}>{when}</time>
                    </span>
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">by {version.updatedBy}</p>
                </div>
                {version.canRestore ? (
                  <Form method="post">
                    <input type="hidden" name="historyId" value={version.id} />
                    <Button type="submit" disabled={busy} aria-describedby={headingId} variant="secondary" size="sm">
                      Restore this version
                    </Button>
                  </Form>
                ) : version.current ? (
                  <Badge>Current version</Badge>
                ) : null}
              </div>
              {version.movedFrom ? (
                <p className="mt-3 text-sm">
                  Renamed from{' '}
                  <Link to={timelinePath(collection, version.movedFrom)} className="font-mono text-brand-700 hover:underline">
                    {version.movedFrom}
                  </Link>
                  .
                </p>
              ) : null}
              {version.label === 'deleted' ? (
                <p className="mt-3 text-sm text-slate-700">
                  {version.movedTo ? (
                    <>
                      Renamed: it now lives at{' '}
                      <Link to={timelinePath(collection, version.movedTo)} className="font-mono text-brand-700 hover:underline">
                        {version.movedTo}
                      </Link>
                      .
                    </>
                  ) : (
                    <>Deleted. The version below holds its last state.</>
                  )}
                </p>
              ) : (
                <ChangesList changes={version.changes} collection={loaderData.collection} />
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
