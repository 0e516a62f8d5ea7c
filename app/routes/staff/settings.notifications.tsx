import { data, Form, Link, useNavigation } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { PageHeader } from '../../components/ui/page-header'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { DIGEST_HOUR, getNoticeChoices, saveNoticeChoices } from '../../server/reports/staff-notices.server'
import type { Route } from './+types/settings.notifications'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Notifications', 'Which e-mails the shop sends you: each new paid order, and a daily low-stock digest.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request)
  return { email: staff.email, notices: await getNoticeChoices(shop(context).db, staff.id), digestHour: DIGEST_HOUR }
}

/** The signed-in staff member's own choices (docs/domain.md, Staff notifications). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  // Only the choices form saves: a post without its intent (a stray or forged request) changes nothing.
  if (form.get('intent') !== 'notices')
    return data({ saved: false, message: 'The form could not be read. Please reload the page and try again.' }, { status: 400 })
  const choices = { newOrders: form.get('newOrders') === 'on', lowStock: form.get('lowStock') === 'on' }
  const saved = await saveNoticeChoices(shop(context).db, staff.id, choices, staff.email)
  if (!saved) return data({ saved: false, message: 'Your account has no profile yet; sign out and in again, then save.' }, { status: 409 })
  return { saved: true, message: 'Saved your e-mail choices.' }
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { email, notices, digestHour } = loaderData
  const saving = useNavigation().state === 'submitting'
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeader title="Notifications" lead={<>The e-mails the shop sends you, at {email}. Each member of staff chooses their own.</>} />
      {actionData ? (
        <Alert tone={actionData.saved ? 'success' : 'error'} className="mt-6">
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="post" className="mt-8 space-y-5 rounded-xl border border-slate-200 p-5">
        <input type="hidden" name="intent" value="notices" />
        <fieldset className="space-y-5">
          <legend className="text-lg font-semibold">E-mail me</legend>
          <CheckboxField
            name="newOrders"
            label="Each new paid order"
            hint="Its number, total and customer, with a link to the order, as soon as the payment is confirmed. On for staff unless they turn it off."
            defaultChecked={notices.newOrders}
          />
          <CheckboxField
            name="lowStock"
            label="A daily low-stock digest"
            hint={
              <>
                After {digestHour} am Brisbane time, only on days when something is at or below its alert level (the{' '}
                <Link to="/reports#low-stock" className="text-brand-700 underline">
                  low-stock list
                </Link>
                ).
              </>
            }
            defaultChecked={notices.lowStock}
          />
        </fieldset>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </Form>
    </div>
  )
}
