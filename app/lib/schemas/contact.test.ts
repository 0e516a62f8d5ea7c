import { describe, expect, it } from 'vitest'
import { contactSchema, REQUIRED } from './contact'

const valid = { contactName: 'Ada', contactEmail: 'ada@example.com', contactMessage: 'Hello', contactPhone: '', contactCompany: '' }
const errorsOf = (values: object) => {
  const result = contactSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]))
}

describe('the Contact Us form', () => {
  it('requires name, e-mail and message, and nothing else', () => {
    expect(errorsOf({ ...valid, contactName: ' ', contactEmail: '', contactMessage: '' })).toEqual({
      contactName: REQUIRED,
      contactEmail: REQUIRED,
      contactMessage: REQUIRED,
    })
    expect(contactSchema.safeParse(valid).success).toBe(true)
  })

  it('checks the e-mail address, the phone number and sane lengths', () => {
    expect(errorsOf({ ...valid, contactEmail: 'not-an-address' })).toEqual({ contactEmail: 'Enter a valid e-mail address.' })
    expect(errorsOf({ ...valid, contactPhone: 'call me' })).toHaveProperty('contactPhone')
    expect(contactSchema.safeParse({ ...valid, contactPhone: '+61 7 3000 0000' }).success).toBe(true)
    expect(errorsOf({ ...valid, contactMessage: 'x'.repeat(5001) })).toEqual({ contactMessage: 'At most 5,000 characters.' })
    expect(errorsOf({ ...valid, contactName: 'x'.repeat(201) })).toHaveProperty('contactName')
  })

  it('trims what was typed', () => {
    expect(contactSchema.parse({ ...valid, contactName: '  Ada  ' }).contactName).toBe('Ada')
  })
})
