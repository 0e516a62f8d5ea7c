import { data } from 'react-router'
import { ContactForm } from '../components/shop/contact-form'
import { CONTACT_FIELDS, contactSchema } from '../lib/schemas/contact'
import { fieldErrors } from '../lib/schemas/errors'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { submitEnquiry } from '../server/contacts/contacts.server'
import { shop } from '../server/context.server'
import { logger } from '../server/log.server'
import { hitLimit } from '../server/rate-limit.server'
import type { Route } from './+types/contact'
import { readForm } from '../server/http/form.server'
import { retryAfterHeaders } from '../server/http/retry-after.server'
import { Alert } from '../components/ui/alert'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta('Contact Us', 'Send us an enquiry about drone and robotics hardware, orders or support.', shopNameFrom(matches))

/** Enquiries one address may send in ENQUIRY_WINDOW seconds. */
const ENQUIRY_LIMIT = 5
const ENQUIRY_WINDOW = 10 * 60

export const headers = retryAfterHeaders

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, config, clientIp } = shop(context)
  const form = await readForm(request)
  const values = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, String(form.get(name) ?? '')]))
  // The spam trap: people never see this field; a robot that fills it is thanked and ignored.
  if (String(form.get('website') ?? '') !== '') return { sent: true as const }

  const parsed = contactSchema.safeParse(values)
  if (!parsed.success) return data({ sent: false as const, errors: fieldErrors(parsed.error), values, failure: null }, { status: 400 })

  try {
    const limit = await hitLimit(db, `contact:${clientIp}`, ENQUIRY_LIMIT, ENQUIRY_WINDOW)
    if (!limit.allowed) {
      const failure = `You have sent several enquiries in a short time. Please wait ${Math.ceil(limit.retryAfter / 60)} minutes and try again.`
      return data({ sent: false as const, errors: {}, values, failure }, { status: 429, headers: { 'Retry-After': String(limit.retryAfter) } })
    }
    await submitEnquiry({ db, mailer, config }, parsed.data)
    return { sent: true as const }
  } catch (error) {
    logger.error({ err: error }, 'could not save an enquiry')
    const failure = `Sorry, we could not send your enquiry just now. Everything you typed is still here: please try again in a minute, or e-mail us at ${config.SHOP_EMAIL}.`
    return data({ sent: false as const, errors: {}, values, failure }, { status: 503, headers: { 'Retry-After': '60' } })
  }
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
      <p className="mt-3 text-lg text-slate-600">Can't find what you're looking for? We welcome all enquiries.</p>
      {actionData?.sent ? (
        <p role="status" className="mt-10 rounded-2xl border border-green-200 bg-green-50 p-6 text-lg text-green-900">
          Thank you for submitting an enquiry with us. We will get back to you soon.
        </p>
      ) : (
        <div className="mt-10">
          {actionData?.failure ? (
            <Alert tone="error" className="mb-6">
              {actionData.failure}
            </Alert>
          ) : null}
          <ContactForm values={actionData?.values ?? {}} serverErrors={actionData?.errors ?? {}} submitLabel="Send enquiry" />
        </div>
      )}
    </div>
  )
}
