import { describe, expect, it } from 'vitest'
import { isLegalSlug, legalDocuments, type LegalDocument, type LegalSlug } from './documents'

const shop = {
  name: 'Test Drones',
  legalName: 'Test Drones Pty Ltd',
  email: 'legal@test-drones.example',
  abn: '53 004 085 616',
  address: '1 Example Street, Hobart TAS 7000',
  phone: '03 6000 0000',
}

const documents = legalDocuments(shop)

function text(document: LegalDocument): string {
  return document.sections.flatMap((section) => [section.heading, ...section.paragraphs]).join('\n')
}

function bySlug(slug: LegalSlug): LegalDocument {
  const document = documents.find((candidate) => candidate.slug === slug)
  if (!document) throw new Error(`missing ${slug}`)
  return document
}

describe('legalDocuments', () => {
  it('lists terms, privacy and returns, in that order, each with a title, a one-sentence summary and sections', () => {
    expect(documents.map((document) => document.slug)).toEqual(['terms-and-conditions', 'privacy-policy', 'returns-policy'])
    for (const document of documents) {
      expect(document.title).not.toBe('')
      expect(document.summary).toMatch(/^[^.]+(\.[^ .][^.]*)*\.$/)
      expect(document.sections.length).toBeGreaterThan(0)
      for (const section of document.sections) expect(section.paragraphs.length).toBeGreaterThan(0)
    }
  })

  it('writes the configured identity into the text instead of fixed values', () => {
    const all = documents.map(text).join('\n')
    for (const value of [shop.name, shop.legalName, shop.email, shop.abn, shop.address]) expect(all).toContain(value)
    expect(all).not.toContain('UniDrone')
    for (const document of documents) expect(text(document)).toContain(shop.email)
    expect(text(bySlug('terms-and-conditions'))).toContain(`ABN ${shop.abn}`)
    expect(text(bySlug('privacy-policy'))).toContain(`ABN ${shop.abn}`)
  })

  it('recognises exactly the three slugs', () => {
    expect(isLegalSlug('privacy-policy')).toBe(true)
    expect(isLegalSlug('cookies')).toBe(false)
  })
})

describe('Terms and Conditions', () => {
  const terms = bySlug('terms-and-conditions')
  const body = text(terms)

  it('has exactly 16 sections in the specified order', () => {
    expect(terms.sections.map((section) => section.heading)).toEqual([
      'Definitions',
      'Interpretation',
      'Contract',
      'Order acceptance',
      'Price and payment',
      'Card security',
      'Delivery and pick up',
      'Foreign taxes',
      'Defects',
      'Disclaimers',
      'Account',
      'Posting restrictions',
      'Content handling',
      'Offensive content removal',
      'Website security',
      'Indemnity',
    ])
  })

  it('states the delivery, defect, refund, price, age and card rules', () => {
    expect(body).toMatch(/deliver within 14 days/)
    expect(body).toMatch(/cannot deliver your Order within 30 days, we will tell you by e-mail/)
    expect(body).toMatch(/cancel the Order and receive a full refund/)
    expect(body).toMatch(/tell us within 14 days of receiving them/)
    expect(body).toMatch(/refund\w* .*to the card used for payment,? within 14 days/i)
    expect(body).toMatch(/Australian dollars \(AUD\) and include GST/)
    expect(body).toMatch(/adult aged 18 or over/)
    expect(body).toMatch(/PCI-DSS/)
    expect(body).toMatch(/never see or store your card number/)
  })

  it('keeps the Australian Consumer Law rights', () => {
    expect(body).toMatch(/Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law/)
    expect(body).toMatch(/guarantees that cannot be excluded under the Australian Consumer Law/)
  })
})

describe('Privacy Policy', () => {
  const body = text(bySlug('privacy-policy'))

  it('follows the Privacy Act and the Australian Privacy Principles', () => {
    expect(body).toContain('Privacy Act 1988 (Cth)')
    expect(body).toContain('Australian Privacy Principles')
  })

  it('keeps personal information at least 7 years', () => {
    expect(body).toMatch(/at least 7 years/)
  })

  it('charges no fee for a request but may charge for copies', () => {
    expect(body).toMatch(/no fee for making a request/i)
    expect(body).toMatch(/copies of your information, we may charge a reasonable administrative fee/)
  })

  it('names the OAIC for complaints', () => {
    expect(body).toContain('Office of the Australian Information Commissioner')
    expect(body).toContain('www.oaic.gov.au')
  })

  it('covers what is collected, card handling, overseas disclosure, cookies and local storage', () => {
    for (const item of ['name', 'e-mail address', 'phone number', 'delivery address', 'company name', 'enquiries', 'order history', 'account data']) {
      expect(body).toContain(item)
    }
    expect(body).toMatch(/do not collect or store your card details/)
    expect(body).toMatch(/couriers/)
    expect(body).toMatch(/United States/)
    expect(body).toMatch(/session cookie/)
    expect(body).toMatch(/local storage/)
  })

  it('can be reached by post at the configured address or by e-mail', () => {
    expect(body).toContain(`by post at ${shop.legalName}, ${shop.address}, or by e-mail at ${shop.email}`)
  })
})

describe('Returns Policy', () => {
  const body = text(bySlug('returns-policy'))

  it('states the 14-day rules', () => {
    expect(body).toMatch(/within 14 calendar days from the day you receive it/)
    expect(body).toMatch(/unused and in new or like-new condition/)
    expect(body).toMatch(/manufacturing defect/)
    expect(body).toMatch(/must (then )?reach us within 14 days after our confirmation/)
    expect(body).toMatch(/refund the price to the original card used for payment within 14 days of accepting the return/)
  })

  it('lists every exclusion', () => {
    for (const exclusion of [
      /missing accessories or packaging/i,
      /no proof of purchase/i,
      /misused/,
      /water or foreign bodies/,
      /labels, seals or serial-number stickers have been removed, altered or tampered with/,
      /external causes such as fire, floods/,
    ]) {
      expect(body).toMatch(exclusion)
    }
  })

  it('explains how to start a return by e-mail with the order number', () => {
    expect(body).toContain(`E-mail ${shop.email} within 14 days of receiving the product, with your order number`)
  })

  it('does not exclude Australian Consumer Law rights', () => {
    expect(body).toMatch(/Nothing in this policy excludes, restricts or modifies your rights under the Australian Consumer Law/)
  })
})
