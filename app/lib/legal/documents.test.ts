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

/** The text reg 90 of the Competition and Consumer Regulations 2010 requires in a warranty against defects for goods, word for word. */
const MANDATORY_TEXT =
  'Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. You are also entitled to have the goods repaired or replaced if the goods fail to be of acceptable quality and the failure does not amount to a major failure.'

function paragraphs(document: LegalDocument): string[] {
  return document.sections.flatMap((section) => section.paragraphs)
}

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

  it('gives the mandatory consumer-guarantee text, verbatim, in every document that mentions a warranty', () => {
    for (const document of documents) {
      const mentions = paragraphs(document).filter((paragraph) => /warrant/i.test(paragraph))
      if (mentions.length === 0) continue
      expect(paragraphs(document), `${document.slug} mentions a warranty`).toContain(MANDATORY_TEXT)
    }
    expect(paragraphs(bySlug('terms-and-conditions'))).toContain(MANDATORY_TEXT)
    expect(paragraphs(bySlug('returns-policy'))).toContain(MANDATORY_TEXT)
  })

  it('says who gives the warranty against defects, how to claim, who pays and that it adds to the law', () => {
    for (const slug of ['terms-and-conditions', 'returns-policy'] as const) {
      const body = text(bySlug(slug))
      const giver = paragraphs(bySlug(slug)).find((paragraph) => /warranty against defects is given by/.test(paragraph))
      expect(giver, slug).toBeDefined()
      for (const value of [shop.legalName, shop.address, shop.phone, shop.email]) expect(giver).toContain(value)
      expect(body).toMatch(/How to claim: .*Request a return.*e-mail legal@test-drones\.example/)
      expect(body).toMatch(/you do not bear the cost of a valid claim\. We reimburse your reasonable postage/)
      expect(body).toContain(
        'The benefits to you given by this warranty are in addition to other rights and remedies you have under a law in relation to the goods',
      )
    }
  })

  it('ties no time limit to faulty, defective or damaged goods', () => {
    for (const document of documents) {
      for (const paragraph of paragraphs(document)) {
        if (/defect|faulty|fault|damaged/i.test(paragraph)) {
          expect(paragraph, document.slug).not.toMatch(/within \d+ (calendar )?days|\d+[- ]day|\d+ days (of|from|after)/i)
        }
      }
    }
    const all = documents.map(text).join('\n')
    expect(all).not.toMatch(/tell us within 14 days of receiving them/)
    expect(all).not.toMatch(/reporting period/)
  })

  it('keeps the exclusions to change-of-mind returns', () => {
    for (const document of documents) {
      for (const paragraph of paragraphs(document)) {
        if (/cannot accept/i.test(paragraph)) expect(paragraph).toMatch(/change-of-mind return/)
      }
    }
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
    expect(body).toMatch(/We accept every such report for review, whenever you make it; there is no deadline/)
    expect(body).toMatch(/Refunds are made to the original payment method/)
    expect(body).toMatch(/cancelled before it is shipped .*is refunded in full/)
    expect(body).toMatch(/Australian dollars \(AUD\) and include GST/)
    expect(body).toMatch(/adult aged 18 or over/)
    expect(body).toMatch(/PCI-DSS/)
    expect(body).toMatch(/never see or store your card number/)
  })

  it('keeps the Australian Consumer Law rights', () => {
    expect(body).toMatch(/Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law/)
    expect(body).toMatch(/guarantees that cannot be excluded under the Australian Consumer Law/)
  })

  it('gives the remedies for major and other failures and pays the return postage for faulty goods', () => {
    expect(body).toMatch(/If the failure is major, you choose: you may reject the Goods and have a refund, or have a replacement/)
    expect(body).toMatch(/If it is not major, we may choose to repair or replace the Goods or refund the price/)
    expect(body).toMatch(/We reimburse your reasonable postage for returning faulty/)
    expect(body).toMatch(/within 14 days of delivery or collection, are covered by our Returns Policy/)
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

  it('offers a copy of your information and closing your account, and keeps orders and tax invoices for the period the law requires', () => {
    expect(body).toMatch(/ask us for a copy of the personal information we hold about you/)
    expect(body).toMatch(/ask us to close your Account/)
    for (const removed of ['password and Google sign-in', 'two-step login', 'profile details', 'saved addresses', 'back-in-stock alerts', 'stored carts']) {
      expect(body).toContain(removed)
    }
    expect(body).toMatch(
      /orders, refunds and tax invoices, with the name and address on them, are kept unchanged for the period the law requires \(at least 7 years/,
    )
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

  it('allows 14 days for a change of mind, from delivery or collection, and for nothing else', () => {
    expect(body).toMatch(/ask to return them within 14 days of the day they were delivered to you or, for Click & Collect, the day you collected them/)
    expect(body).toMatch(/The 14 days apply only to change-of-mind returns/)
    expect(body).toMatch(/unused and in their original packaging/)
    expect(body).toMatch(/You pay the cost of sending a change-of-mind return back to us/)
    for (const paragraph of paragraphs(bySlug('returns-policy')).filter((candidate) => /\b14\b/.test(candidate))) {
      expect(paragraph).toMatch(/change of mind|change-of-mind/i)
    }
  })

  it('accepts faulty, damaged or not-as-described goods for review at any time', () => {
    expect(body).toMatch(/We accept every such claim for review, at any time, with no deadline/)
    expect(body).toMatch(/cannot be excluded, restricted or cut short by any time limit of ours/)
    expect(body).toMatch(/If the failure is major .*you choose: you may reject the goods and have a refund, or have a replacement/)
    expect(body).toMatch(/If the failure is not major, we may choose to repair or replace the goods or refund the price/)
    expect(body).toMatch(/We reimburse your reasonable postage for returning faulty, damaged or not-as-described goods/)
  })

  it('describes the online request, the approval or decline, the refund and the adjustment note', () => {
    expect(body).toContain('“Request a return” on the order’s page in your account')
    expect(body).toContain('/track-order')
    expect(body).toContain(`By e-mail: write to ${shop.email} with your order number`)
    expect(body).toMatch(/If we approve it, we e-mail you return instructions/)
    expect(body).toMatch(/If we decline it, we tell you the reason/)
    expect(body).toMatch(/Refunds are made to the original payment method/)
    expect(body).toMatch(/we e-mail you an adjustment note/)
    expect(body).toMatch(/cancelled before it is shipped .*is refunded in full/)
  })

  it('lists every change-of-mind exclusion', () => {
    for (const exclusion of [
      /missing accessories or packaging/i,
      /no proof of purchase/i,
      /misuse/,
      /water or foreign bodies/,
      /labels, seals or serial-number stickers have been removed, altered or tampered with/,
      /external causes such as fire, floods/,
    ]) {
      expect(body).toMatch(exclusion)
    }
    expect(body).toMatch(/These conditions apply only to change-of-mind returns/)
  })

  it('does not exclude Australian Consumer Law rights', () => {
    expect(body).toMatch(/Nothing in this policy excludes, restricts or modifies your rights under the Australian Consumer Law/)
  })
})
