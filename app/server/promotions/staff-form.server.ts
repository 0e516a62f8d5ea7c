import { fieldErrors } from '../../lib/schemas/errors.ts'
import { promotionFormInput, promotionFormSchema, type PromotionFormValues } from '../../lib/schemas/promotion.ts'
import type { Database } from '../db/client.server.ts'
import { PromotionRefusedError, savePromotion, StalePromotionError } from './promotions.server.ts'

/** A refused save: the status to answer with, each field's message, a message for the whole form, and the form as typed. */
export interface PromotionFormRefusal {
  status: 400 | 404 | 409
  errors: Record<string, string>
  message: string | null
  values: PromotionFormValues
}

/** The version a form was opened at, from its hidden field; null for a new promotion (or a form that lost it). */
export function formVersion(form: FormData): number | null {
  const text = String(form.get('version') ?? '')
  return /^\d{1,9}$/.test(text) ? Number(text) : null
}

/**
 * Saves the staff form of a promotion: a new one (`id` null) or the one named, from the version the
 * form was opened at. Bad input and what only the database knows (a code taken, a colleague's save
 * since) come back as a refusal that keeps what was typed; nothing is written then.
 */
export async function savePromotionForm(
  db: Database,
  form: FormData,
  id: string | null,
  by: string,
): Promise<{ ok: true; id: string } | ({ ok: false } & PromotionFormRefusal)> {
  const values = promotionFormInput(form)
  const refuse = (status: PromotionFormRefusal['status'], errors: Record<string, string>, message: string | null = null) =>
    ({ ok: false, status, errors, message, values }) as const
  const parsed = promotionFormSchema.safeParse(values)
  if (!parsed.success) return refuse(400, fieldErrors(parsed.error))
  const version = formVersion(form)
  if (id && version === null) return refuse(400, {}, 'The form could not be read. Please reload the page and try again.')
  try {
    const saved = await savePromotion(db, { id, expectedVersion: version, fields: parsed.data, by })
    return { ok: true, id: saved.id }
  } catch (error) {
    if (error instanceof StalePromotionError) return refuse(409, {}, error.message)
    if (error instanceof PromotionRefusedError) return refuse(409, error.field ? { [error.field]: error.message } : {}, error.field ? null : error.message)
    throw error
  }
}
