import { data, Link, redirect } from 'react-router'
import { PromotionForm } from '../../components/staff/promotion-form'
import { NEW_PROMOTION } from '../../lib/schemas/promotion'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { promotionChoices } from '../../server/promotions/promotions.server'
import { savePromotionForm } from '../../server/promotions/staff-form.server'
import type { Route } from './+types/promotions.new'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('New promotion', 'A discount code or an automatic offer.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  return { choices: await promotionChoices(shop(context).db) }
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request, { repeatable: ['category'] })
  const result = await savePromotionForm(shop(context).db, form, null, staff.email)
  if (!result.ok) {
    const { ok: _refused, status, ...answer } = result
    return data(answer, { status })
  }
  throw redirect(`/staff/promotions/${result.id}?saved=created`, 303)
}

export default function NewPromotion({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link to="/staff/promotions" className="text-sm text-brand-700 hover:underline">
        ← Promotions
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">New promotion</h1>
      <PromotionForm
        values={actionData?.values ?? NEW_PROMOTION}
        errors={actionData?.errors ?? {}}
        message={actionData?.message ?? null}
        choices={loaderData.choices}
        version={null}
        submitLabel="Create the promotion"
      />
    </div>
  )
}
