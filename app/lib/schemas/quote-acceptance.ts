import { z } from 'zod'
import { phoneNumber, REQUIRED } from './delivery.ts'
import { storableString } from './text.ts'

/** What a buyer gives when accepting a quote: who receives it and where (the quote holds the postcode and state). */
export const acceptanceSchema = z.object({
  fullName: storableString(200).min(1, REQUIRED),
  phone: phoneNumber,
  addressLine1: storableString(200).min(1, REQUIRED),
  addressLine2: storableString(200),
  suburb: storableString(100).min(1, REQUIRED),
  purchaseOrder: storableString(40, 'At most 40 characters.'),
  /** `account`: an approved trade customer's, with payment terms (checked again when the order is placed). */
  payment: z.enum(['card', 'bank-transfer', 'account'], { error: 'Choose how you pay.' }),
})
