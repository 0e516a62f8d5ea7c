import { z } from 'zod'
import { storableString } from './schemas/text.ts'

/** Where staff have taken an enquiry (docs/domain.md, Enquiries). */
export const ENQUIRY_STATUSES = { new: 'New', answered: 'Answered', closed: 'Closed' } as const
export type EnquiryStatus = keyof typeof ENQUIRY_STATUSES

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === 'string' && Object.hasOwn(ENQUIRY_STATUSES, value)
}

/** A reply staff sent from the enquiry's screen, kept on the enquiry. */
export interface EnquiryReply {
  /** ISO 8601. */
  at: string
  /** The staff member's e-mail. */
  by: string
  subject: string
  message: string
}

/** The same message from the same address within this many minutes is the same enquiry sent twice. */
export const RESUBMISSION_MINUTES = 10

export const replySchema = z.object({
  subject: storableString(200).min(1, 'required'),
  message: storableString(10_000).min(1, 'required'),
})
