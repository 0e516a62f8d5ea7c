import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { PromotionForm, PromotionStateBadge } from '../../components/staff/promotion-form'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { periodText, promotionState, usesLeft } from '../../lib/promotion-summary'
import { benefitText } from '../../lib/promotions'
import { KIND_LABELS, promotionFormValues } from '../../lib/schemas/promotion'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { promotionOf } from '../../server/promotions/pricing.server'
import {
  deletePromotion,
  getPromotion,
  mayDelete,
  promotionChoices,
  PromotionRefusedError,
  promotionUses,
  setPromotionActive,
  StalePromotionError,
} from '../../server/promotions/promotions.server'
import { formVersion, savePromotionForm } from '../../server/promotions/staff-form.server'
import type { Route } from './+types/promotions.$promotionId'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(
    loaderData ? `Promotion ${loaderData.promotion.code ?? loaderData.promotion.name}` : 'Promotion',
    'A discount code or an automatic offer.',
    shopNameFrom(matches),
  ),
  { name: 'robots', content: 'noindex' },
]

const SAVED: Record<string, string> = {
  created: 'The promotion is created.',
  updated: 'Saved.',
  paused: 'Paused: no cart gets it until you resume it.',
  resumed: 'Resumed: carts get it again while its days last.',
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = shop(context)
  const row = await getPromotion(db, params.promotionId)
  if (!row) throw data(null, { status: 404 })
  const [choices, uses, deletable] = await Promise.all([promotionChoices(db), promotionUses(db, [row.id]), mayDelete(db, row.id)])
  const promotion = promotionOf(row)
  const used = uses.get(row.id) ?? 0
  const saved = new URL(request.url).searchParams.get('saved') ?? ''
  return {
    promotion,
    version: row.version,
    state: promotionState(promotion, new Date()),
    summary: { benefit: benefitText(promotion), period: periodText(promotion), uses: used, usesLeft: usesLeft(promotion, used) },
    deletable,
    choices,
    saved: SAVED[saved] ?? null,
  }
}

/** Saves the form, pauses or resumes, or deletes a promotion no order names. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const { db } = shop(context)
  const form = await readForm(request, { repeatable: ['category'] })
  const intent = String(form.get('intent') ?? '')
  const path = `/staff/promotions/${encodeURIComponent(params.promotionId)}`
  if (intent === 'save') {
    const result = await savePromotionForm(db, form, params.promotionId, staff.email)
    if (!result.ok) {
      const { ok: _refused, status, ...answer } = result
      return data(answer, { status })
    }
    throw redirect(`${path}?saved=updated`, 303)
  }
  const version = formVersion(form)
  const refuse = (status: number, message: string) => data({ message, errors: {}, values: null }, { status })
  if (version === null || !['pause', 'resume', 'delete'].includes(intent))
    return refuse(400, 'The form could not be read. Please reload the page and try again.')
  try {
    if (intent === 'delete') {
      await deletePromotion(db, { id: params.promotionId, expectedVersion: version, by: staff.email })
      throw redirect('/staff/promotions', 303)
    }
    await setPromotionActive(db, { id: params.promotionId, expectedVersion: version, active: intent === 'resume', by: staff.email })
    throw redirect(`${path}?saved=${intent === 'resume' ? 'resumed' : 'paused'}`, 303)
  } catch (error) {
    if (error instanceof StalePromotionError || error instanceof PromotionRefusedError) return refuse(409, error.message)
    throw error
  }
}

export default function StaffPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { promotion, version, state, summary, deletable, choices, saved } = loaderData
  const busy = useNavigation().state !== 'idle'
  const title = promotion.code ?? promotion.name
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link to="/staff/promotions" className="text-sm text-brand-700 hover:underline">
        ← Promotions
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className={`min-w-0 text-3xl font-bold tracking-tight [overflow-wrap:anywhere] ${promotion.code ? 'font-mono' : ''}`}>{title}</h1>
        <span data-testid="promotion-state">
          <PromotionStateBadge state={state} />
        </span>
      </div>
      <p className="mt-1 text-slate-600 [overflow-wrap:anywhere]">
        {KIND_LABELS[promotion.kind]}
        {promotion.code ? `: ${promotion.name}` : ''}. {summary.benefit}, {summary.period.charAt(0).toLowerCase() + summary.period.slice(1)}.{' '}
        <span data-testid="promotion-uses">
          {summary.uses === 1 ? 'Used once' : `Used ${summary.uses} times`}
          {summary.usesLeft !== null ? `, ${summary.usesLeft} ${summary.usesLeft === 1 ? 'use' : 'uses'} left` : ''}.
        </span>
      </p>
      {saved && !actionData ? (
        <Alert tone="success" className="mt-4">
          {saved}
        </Alert>
      ) : null}

      <PromotionForm
        // A new form once the promotion changes (saved, paused, or changed by someone else and reloaded).
        key={version}
        values={actionData?.values ?? promotionFormValues(promotion)}
        errors={actionData?.errors ?? {}}
        message={actionData?.message ?? null}
        choices={choices}
        version={version}
        submitLabel="Save the promotion"
      />

      <section aria-labelledby="manage-heading" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="manage-heading" className="text-lg font-semibold">
          Pause, resume, history
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Form method="post">
            <input type="hidden" name="version" value={version} />
            {promotion.active ? (
              <Button type="submit" name="intent" value="pause" variant="secondary" disabled={busy}>
                Pause
              </Button>
            ) : (
              <Button type="submit" name="intent" value="resume" variant="secondary" disabled={busy}>
                Resume
              </Button>
            )}
          </Form>
          {deletable ? (
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(`Delete ${title}? No order was placed with it; its history stays.`)) event.preventDefault()
              }}
            >
              <input type="hidden" name="version" value={version} />
              <Button type="submit" name="intent" value="delete" variant="danger" disabled={busy}>
                Delete
              </Button>
            </Form>
          ) : null}
          <Link to={`/history/promotions/${encodeURIComponent(promotion.id)}`} className="text-sm font-semibold text-brand-700 hover:underline">
            Its history
          </Link>
        </div>
        {!deletable ? <p className="mt-2 text-sm text-slate-600">Orders were placed with it, so it stays: pause it to stop it.</p> : null}
      </section>
    </div>
  )
}
