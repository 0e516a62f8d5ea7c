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

/** The greeting the reply form starts with. */
export const replyGreeting = (contactName: string) => `Dear ${contactName},`

/** Said when a reply holds no answer: nothing is sent, and the form keeps what was typed. */
export const EMPTY_REPLY = 'Write your answer first: this message is only a greeting and sign-off, so nothing was sent.'

const GREETING_WORDS = /^(?:dear|hi|hello|hey|g'?day|good (?:morning|afternoon|evening)|greetings)(?=\s|[,!:.]|$)/i
/** Who a greeting may name besides the enquirer: a capitalised name, or the usual plurals. */
const GREETING_NAME = /^(?:\p{Lu}[\p{L}\p{M}'’.-]*|there|all|everyone|team|folks)$/u
const SIGN_OFF =
  /^(?:(?:kind|best|warm|warmest|with kind)\s+regards|regards|best wishes|best|cheers|thanks|thank you|many thanks|thanks again|sincerely|yours sincerely|yours faithfully|yours truly|all the best|talk soon)[,.!]*$/i

const normalise = (line: string) => line.trim().replace(/\s+/g, ' ')

/** A line that only greets: the form's own "Dear {name}," or a greeting word with at most a name. */
function isGreeting(line: string, contactName: string): boolean {
  const text = normalise(line).replace(/[,!:.]+$/, '')
  if (text.toLowerCase() === normalise(replyGreeting(contactName)).replace(/,$/, '').toLowerCase()) return true
  const word = GREETING_WORDS.exec(text)
  if (!word) return false
  const rest = text.slice(word[0].length).trim()
  if (rest === '') return true
  if (rest.toLowerCase() === normalise(contactName).toLowerCase()) return true
  const names = rest.split(' ')
  return names.length <= 3 && names.every((name) => GREETING_NAME.test(name))
}

/**
 * What a staff reply says once its opening greeting and closing sign-off (with the few short lines
 * of names under it) are set aside; an empty answer is a reply that says nothing, which is refused.
 */
export function replyContent(message: string, contactName: string): string {
  const lines = message.replace(/\r\n?/g, '\n').split('\n')
  let start = 0
  while (start < lines.length && lines[start]!.trim() === '') start++
  if (start < lines.length && isGreeting(lines[start]!, contactName)) start++
  let end = lines.length
  while (end > start && lines[end - 1]!.trim() === '') end--
  // A sign-off among the last lines, followed only by a short signature (a name, the shop's name).
  for (let index = end - 1; index >= start && index >= end - 4; index--) {
    const line = normalise(lines[index]!)
    if (line === '') continue
    if (SIGN_OFF.test(line)) {
      end = index
      break
    }
    if (line.length > 60) break
  }
  return lines.slice(start, end).join('\n').trim()
}
