import { data } from 'react-router'
import type { Database } from '../db/client.server.ts'
import type { Env } from '../env.server.ts'
import { lineQuantitiesFromForm } from '../../lib/orders/refunds.ts'
import { readForm } from '../http/form.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { requestReturn } from './returns.server.ts'

/**
 * The "Request a return" form of a customer's order page (signed in or a guest's view): `qty-<position>`
 * per line, a reason and details. What is refused is said on the form, with a 4xx.
 */
export async function returnRequestAction(deps: { db: Database; mailer: MailService; config: Env }, request: Request, orderId: string, by: string) {
  const form = await readForm(request)
  if (form.get('intent') !== 'return')
    return data({ returnError: 'The form could not be read. Please reload the page and try again.', returned: null }, { status: 400 })
  const lines = lineQuantitiesFromForm(form, 'Enter how many of each item you are returning, as a whole number.')
  if ('refused' in lines) return data({ returnError: lines.refused, returned: null }, { status: 400 })
  const result = await requestReturn(deps, { orderId, lines, reason: String(form.get('reason') ?? ''), details: String(form.get('details') ?? ''), by })
  if (!result.ok) return data({ returnError: result.message, returned: null }, { status: 409 })
  return { returnError: null, returned: result.returnId }
}
