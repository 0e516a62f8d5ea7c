/**
 * The shop's legal pages as data: Terms and Conditions, Privacy Policy and Returns Policy.
 * The shop's identity (name, legal name, ABN, address, e-mail, phone) comes from configuration
 * and is written into the text, so the same wording serves any deployment of the shop.
 * Business facts follow SPEC.md §2 and §9; a change of wording also changes LEGAL_LAST_UPDATED.
 */

export type LegalSlug = 'terms-and-conditions' | 'privacy-policy' | 'returns-policy'

export interface LegalSection {
  heading: string
  paragraphs: string[]
}

export interface LegalDocument {
  slug: LegalSlug
  title: string
  /** One sentence, used as the page's meta description and on the index page. */
  summary: string
  sections: LegalSection[]
}

export interface LegalShopIdentity {
  name: string
  legalName: string
  email: string
  abn: string
  address: string
  phone: string
}

/** The date the current wording took effect (ISO). */
export const LEGAL_LAST_UPDATED = '2026-11-01'

export const LEGAL_SLUGS: readonly LegalSlug[] = ['terms-and-conditions', 'privacy-policy', 'returns-policy']

export function isLegalSlug(value: string): value is LegalSlug {
  return (LEGAL_SLUGS as readonly string[]).includes(value)
}

export function legalPath(slug?: LegalSlug): string {
  return slug ? `/legals/${slug}` : '/legals'
}

/** The statement the Competition and Consumer Regulations 2010 require with any warranty against defects. */
const CONSUMER_GUARANTEES =
  'Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. You are also entitled to have the goods repaired or replaced if the goods fail to be of acceptable quality and the failure does not amount to a major failure.'

/** The three documents, in the order the shop lists them: terms, privacy, returns. */
export function legalDocuments(shop: LegalShopIdentity): LegalDocument[] {
  return [termsAndConditions(shop), privacyPolicy(shop), returnsPolicy(shop)]
}

function termsAndConditions(shop: LegalShopIdentity): LegalDocument {
  const { name, legalName, email, abn, address, phone } = shop
  return {
    slug: 'terms-and-conditions',
    title: 'Terms and Conditions',
    summary: `The terms on which ${legalName} sells drone and robotics hardware through the ${name} website: orders, prices including GST, payment, delivery, defects and use of the site.`,
    sections: [
      {
        heading: 'Definitions',
        paragraphs: [
          `In these terms, “we”, “us” and “our” mean ${legalName} (ABN ${abn}), trading as ${name}, of ${address}. “You” and “your” mean the person who uses the website or places an order.`,
          `“Website” means the ${name} online shop and all of its pages. “Goods” means the products we sell through the website, including hardware, parts, accessories and downloadable software. “Order” means a request by you to buy Goods. “Account” means an account you create on the website. “Content” means any text, images or other material you send or post through the website, including enquiries.`,
          '“Australian Consumer Law” means Schedule 2 to the Competition and Consumer Act 2010 (Cth). “GST” has the meaning given in A New Tax System (Goods and Services Tax) Act 1999 (Cth).',
        ],
      },
      {
        heading: 'Interpretation',
        paragraphs: [
          'Headings are for convenience only and do not affect the meaning of these terms. The singular includes the plural and the other way round. Words such as “including” and “for example” do not limit what comes before them.',
          'All amounts are in Australian dollars (AUD). Periods expressed in days are calendar days. A reference to a law includes that law as amended or replaced.',
          'These terms are governed by the laws in force in the Australian state or territory in which our business address is located, and you and we submit to the courts of that state or territory.',
        ],
      },
      {
        heading: 'Contract',
        paragraphs: [
          'These terms, together with our Privacy Policy and Returns Policy, apply to your use of the website and to every Order. By using the website or placing an Order you agree to them. If you do not agree, please do not use the website.',
          'We may change these terms from time to time by publishing a new version on this page. The version published at the time you place an Order applies to that Order.',
          'Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law or any other law that cannot be excluded. If anything in these terms is inconsistent with such a law, that law prevails to the extent of the inconsistency.',
          `You can contact us by e-mail at ${email}, by phone on ${phone} or by post at ${address}.`,
        ],
      },
      {
        heading: 'Order acceptance',
        paragraphs: [
          'An Order is an offer by you to buy the Goods in it at the prices shown. A contract is formed only when we accept your Order, which we do by e-mailing you a confirmation after your payment has been authorised.',
          'Each Order may contain up to 10 units of each product. For larger quantities, please contact us for a quote.',
          'We may decline or cancel an Order, before or after accepting it, if the Goods are unavailable, if a price or description on the website was clearly wrong, if we cannot verify the payment, or if we reasonably suspect fraud. If we do, we tell you by e-mail and refund in full any amount you have paid.',
          `Please check your Order before you pay. If you notice a mistake, e-mail ${email} with your order number as soon as possible.`,
        ],
      },
      {
        heading: 'Price and payment',
        paragraphs: [
          'Prices on the website are in Australian dollars (AUD) and include GST. The total shown at checkout is the amount you pay, and we issue a tax invoice for every Order.',
          'Prices may change without notice, but a change does not affect an Order we have already accepted.',
          'Payment is due in full when you place an Order, by a credit or debit card accepted at checkout. We do not dispatch Goods until payment has been received.',
          'Refunds are made to the card used for payment, within 14 days after we agree that a refund is due.',
        ],
      },
      {
        heading: 'Card security',
        paragraphs: [
          'Card payments are processed by our payment provider, which complies with the Payment Card Industry Data Security Standard (PCI-DSS). You enter your card details on the payment provider’s secure checkout page, and they are sent to it over an encrypted connection.',
          'We never see or store your card number, expiry date or security code. We receive only a confirmation of payment and limited details such as the card type and its last four digits.',
          `We will never ask for your card details by e-mail or over the phone. If you receive such a request that claims to come from us, do not respond, and please let us know at ${email}.`,
        ],
      },
      {
        heading: 'Delivery and pick up',
        paragraphs: [
          'We deliver to addresses in Australia and aim to deliver within 14 days after we accept your Order. Delivery outside Australia is by arrangement only (see section 8).',
          'If we cannot deliver your Order within 30 days, we will tell you by e-mail. You may then choose to wait for the Goods or to cancel the Order and receive a full refund.',
          'Deliveries must be received by an adult aged 18 or over, who may be asked to sign for them. If no one is available, the courier may leave a card with instructions for redelivery or collection.',
          `If you would prefer to pick up your Order, e-mail ${email} with your order number and we will arrange a time and place. Goods must be collected by an adult aged 18 or over with photo identification and the order confirmation.`,
          'Risk in the Goods passes to you on delivery or pick up. Ownership passes to you once we have received payment in full.',
        ],
      },
      {
        heading: 'Foreign taxes',
        paragraphs: [
          'Our prices include Australian GST only. If we agree to deliver Goods outside Australia, the price does not include any import duties, taxes or charges of the destination country; these are your responsibility and may be collected by the carrier or customs authority on delivery.',
          'You are responsible for complying with the laws of the destination country, including laws on drones, radio equipment, batteries and export-controlled goods. Goods refused or returned because duties were not paid or the import was not permitted are not eligible for a refund of delivery costs.',
        ],
      },
      {
        heading: 'Defects',
        paragraphs: [
          `Please inspect the Goods when they arrive. If any Goods are defective, damaged in transit or not what you ordered, tell us within 14 days of receiving them by e-mail to ${email}, with your order number, a description of the problem and photos where possible.`,
          'Once we have confirmed the defect, we will repair or replace the Goods or refund the price, in line with the Australian Consumer Law. Refunds are made to the card used for payment within 14 days after we accept your claim.',
          'The 14-day reporting period helps us deal with problems quickly while the facts are fresh; it does not limit your rights under the consumer guarantees. Returns for change of mind are covered by our Returns Policy.',
          CONSUMER_GUARANTEES,
        ],
      },
      {
        heading: 'Disclaimers',
        paragraphs: [
          'Product descriptions, specifications, images and software are provided in good faith. Images are for illustration and may differ slightly from the Goods supplied, and manufacturers may change specifications without notice.',
          'You are responsible for operating drones and radio equipment safely and lawfully, including under the rules of the Civil Aviation Safety Authority (CASA) and the Australian Communications and Media Authority (ACMA). Information on the website is general in nature and is not advice about your particular use.',
          'Subject to the Australian Consumer Law and to the extent permitted by law, we are not liable for any indirect or consequential loss, or for loss of profit, revenue, data or opportunity, arising from your use of the website or the Goods. Where the law allows us to limit our liability for Goods not of a kind ordinarily acquired for personal, domestic or household use, our liability is limited to replacing or repairing the Goods, or paying the cost of doing so.',
        ],
      },
      {
        heading: 'Account',
        paragraphs: [
          'You may create an Account with your e-mail address and a password, or by signing in with Google. You must give accurate details and keep them up to date.',
          `Keep your password secret. You are responsible for activity under your Account, and you must tell us at once at ${email} if you think someone else has used it.`,
          'We may suspend or close an Account that is used in breach of these terms. You may ask us to close your Account at any time; we keep records of past Orders as described in our Privacy Policy.',
        ],
      },
      {
        heading: 'Posting restrictions',
        paragraphs: [
          'When you send an enquiry or post any other Content, you must not include anything that is unlawful, defamatory, obscene, threatening, harassing or discriminatory; that infringes anyone’s intellectual property or privacy; that contains viruses or other harmful code; or that is advertising or spam.',
          'You must not impersonate another person or give false contact details.',
        ],
      },
      {
        heading: 'Content handling',
        paragraphs: [
          'You keep ownership of your Content. You grant us a non-exclusive, royalty-free licence to use, store and copy it as needed to answer your enquiry, fulfil your Order and run the website.',
          'We handle any personal information in your Content in line with our Privacy Policy. We do not publish your enquiries.',
        ],
      },
      {
        heading: 'Offensive content removal',
        paragraphs: [
          'We may remove or refuse, without notice, any Content that we reasonably consider breaches section 12 or is otherwise offensive or inappropriate, and we may report unlawful Content to the relevant authorities.',
          `If you believe anything on the website is offensive or infringes your rights, please tell us at ${email} and we will review it promptly.`,
        ],
      },
      {
        heading: 'Website security',
        paragraphs: [
          'You must not attempt to gain unauthorised access to the website, its servers or any Account; interfere with its operation, including by overloading it; probe or test its security without our written permission; or use automated means to copy its content.',
          `We use reasonable measures, including encrypted (HTTPS) connections, to protect the website and your information, but we cannot guarantee that the website will be free from interruptions, errors or viruses. If you find a security problem, please report it to ${email}.`,
        ],
      },
      {
        heading: 'Indemnity',
        paragraphs: [
          'You indemnify us against any loss, damage, cost or liability (including reasonable legal costs) that we suffer because of your breach of these terms, your Content, or your unlawful use of the website or the Goods, except to the extent that it was caused by our own negligence or breach.',
          'This indemnity does not affect your rights under the Australian Consumer Law.',
        ],
      },
    ],
  }
}

function privacyPolicy(shop: LegalShopIdentity): LegalDocument {
  const { name, legalName, email, abn, address, phone } = shop
  return {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    summary: `How ${legalName} collects, uses, discloses and protects your personal information under the Privacy Act 1988 (Cth) and the Australian Privacy Principles.`,
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          `${legalName} (ABN ${abn}), trading as ${name} (“we”, “us”, “our”), sells drone and robotics hardware through our website. Our address is ${address}.`,
          'We handle personal information in accordance with the Privacy Act 1988 (Cth) and the Australian Privacy Principles (APPs) in it. This policy explains what personal information we collect, why, who we share it with, and how you can access it, correct it or complain.',
          'Personal information is information or an opinion about an identified individual, or an individual who is reasonably identifiable.',
        ],
      },
      {
        heading: 'What personal information we collect',
        paragraphs: [
          'Depending on how you deal with us, we collect your name, e-mail address, phone number, delivery address and company name; the content of enquiries you send us; your order history (the products, quantities, amounts, dates and delivery details of your orders); and account data, namely your e-mail address, your password stored only as a secure hash or, if you sign in with Google, the name, e-mail address and profile picture Google shares with us, and records of when you sign in.',
          'We do not collect or store your card details. Card numbers are entered directly with our payment provider, which handles them under its own PCI-DSS compliant systems; we receive only a confirmation of payment and limited details such as the card type and its last four digits.',
          'When you visit the website, our servers record technical information such as your IP address, browser type and the pages you request, to keep the website running and secure.',
          'You may browse the website and make general enquiries without identifying yourself, or under a pseudonym. We do, however, need your name and contact and delivery details to fulfil an order. We do not ask for sensitive information, such as health information.',
        ],
      },
      {
        heading: 'How we collect it',
        paragraphs: [
          'We collect personal information directly from you: when you place an order, create an account, send an enquiry through our contact form, or e-mail or phone us.',
          'We also collect it from third parties: from Google when you choose to sign in with Google, and from our payment provider when it confirms a payment or refund. Our servers collect technical information automatically, and a session cookie is used as described in section 10.',
        ],
      },
      {
        heading: 'Why we collect and use it',
        paragraphs: [
          'We collect, hold and use personal information to process, deliver and support your orders, including returns and warranty claims; to answer your enquiries; to run your account; to send you service e-mails such as order confirmations, delivery updates and account verification; to meet our legal obligations, such as keeping tax records; to keep the website secure and prevent fraud; and to improve our products and service.',
          'We do not sell your personal information. We do not use it for direct marketing unless you have agreed to receive marketing from us, and you can opt out at any time.',
        ],
      },
      {
        heading: 'Who we disclose it to',
        paragraphs: [
          'We disclose personal information only as needed for the purposes in section 4: to couriers and delivery services (your name, phone number and delivery address); to our payment provider, to process payments and refunds; to our e-mail provider, to send you e-mails; to our website hosting and IT service providers; to our professional advisers; and where required or authorised by law, for example to government agencies.',
          'Our service providers may use personal information only to provide their services to us.',
        ],
      },
      {
        heading: 'Overseas disclosure',
        paragraphs: [
          'Some of our service providers store or process information outside Australia. In particular, our payment provider and our e-mail provider may store data in the United States and in other countries where they or their sub-processors operate, such as member states of the European Union.',
          'Before we disclose personal information overseas, we take reasonable steps to ensure that the recipient handles it consistently with the Australian Privacy Principles, for example through its contractual privacy and security commitments.',
        ],
      },
      {
        heading: 'Storage and security',
        paragraphs: [
          'We hold personal information electronically, in our own database and with the service providers named above. We protect it with access controls, encrypted (HTTPS) connections and passwords stored only as secure hashes, and only people who need it for their work can see it.',
          'We keep a history of changes to records such as orders and enquiries, so we can show what was changed, when and by whom.',
          'If we become aware of a data breach that is likely to result in serious harm, we will notify you and the Office of the Australian Information Commissioner as the Notifiable Data Breaches scheme requires.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep personal information for at least 7 years after your last order or dealing with us, because Australian tax and corporations laws require us to keep transaction records for up to 7 years, and so that we can deal with warranty claims.',
          'When we no longer need personal information for any purpose and are not required by law to keep it, we destroy it or de-identify it.',
        ],
      },
      {
        heading: 'Access and correction',
        paragraphs: [
          'You may ask for access to the personal information we hold about you, and ask us to correct it if it is inaccurate, out of date, incomplete, irrelevant or misleading. Contact us as set out in section 12. We will need to confirm your identity before we act on a request.',
          'There is no fee for making a request, and no charge for correcting your information. If you ask for copies of your information, we may charge a reasonable administrative fee to cover the cost of providing them; we will tell you the amount before we proceed.',
          'We respond to requests within 30 days. If we refuse access or correction, we will tell you why in writing and how you can complain.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'We use one cookie: a session cookie, set when you sign in, that keeps you signed in. It is deleted when you sign out or when it expires. The website cannot offer accounts without it.',
          'Your shopping cart is kept in your browser’s local storage on your own device, not in a cookie and not on our servers, until you complete a purchase or remove the items. You can also clear it in your browser’s settings.',
          'We do not use advertising or tracking cookies. If you choose to sign in with Google, Google may set its own cookies on its sign-in pages under its own privacy policy.',
        ],
      },
      {
        heading: 'Complaints',
        paragraphs: [
          'If you have a concern about how we have handled your personal information, please contact us first as set out in section 12 and describe the problem. We will investigate and aim to respond in writing within 30 days.',
          'If you are not satisfied with our response, you can complain to the Office of the Australian Information Commissioner (OAIC) at www.oaic.gov.au or on 1300 363 992.',
        ],
      },
      {
        heading: 'Contact us',
        paragraphs: [
          `You can contact our privacy officer by post at ${legalName}, ${address}, or by e-mail at ${email}. You can also call us on ${phone}.`,
          'We may update this policy from time to time by publishing a new version on this page.',
        ],
      },
    ],
  }
}

function returnsPolicy(shop: LegalShopIdentity): LegalDocument {
  const { legalName, email, address, phone } = shop
  return {
    slug: 'returns-policy',
    title: 'Returns Policy',
    summary: `Return unused products within 14 days of receipt, or products with a manufacturing defect: how to start a return with ${legalName}, what is excluded and how refunds are paid.`,
    sections: [
      {
        heading: 'When you can return a product',
        paragraphs: [
          'You may return a product within 14 calendar days from the day you receive it, if it is unused and in new or like-new condition in its original packaging, or if it has a manufacturing defect.',
          'Returns need our confirmation first (see section 3). The item must then reach us within 14 days after our confirmation.',
        ],
      },
      {
        heading: 'What we cannot accept',
        paragraphs: [
          'Except where the Australian Consumer Law requires otherwise, we cannot accept a return in any of these cases:',
          'Missing accessories or packaging: any accessory, part, manual or the original packaging is missing.',
          'No proof of purchase: you cannot give us an order number or tax invoice from us.',
          'Misuse: the product has been misused, used contrary to the manufacturer’s instructions, or water or foreign bodies (such as sand, dust or crash debris) have got into it.',
          'Tampering: labels, seals or serial-number stickers have been removed, altered or tampered with.',
          'External damage: the product has been damaged by external causes such as fire, floods, lightning or accidents.',
        ],
      },
      {
        heading: 'How to start a return',
        paragraphs: [
          `E-mail ${email} within 14 days of receiving the product, with your order number, the product you want to return and the reason. For a defect, please describe the problem and include photos or a short video.`,
          'We reply with a return confirmation and the address to send the product to. Please do not send a product back before we have confirmed the return, or we may not be able to identify it.',
          'Pack the product securely in its original packaging with all its accessories, and include your order number. We recommend a tracked and insured service. For a change-of-mind return you pay the cost of sending the product back; for a defective product we reimburse your reasonable return postage.',
        ],
      },
      {
        heading: 'Inspection and refunds',
        paragraphs: [
          'We inspect every returned product. If the return meets this policy, we accept it and refund the price to the original card used for payment within 14 days of accepting the return. We e-mail you when the refund is made; your bank may take a few more days to show it.',
          'For a defective product we repair or replace it or refund you, in line with the Australian Consumer Law; if the defect is a major failure, the choice is yours.',
          'If a returned product does not meet this policy, we tell you why and send it back to you.',
        ],
      },
      {
        heading: 'Your rights under the Australian Consumer Law',
        paragraphs: [
          'Nothing in this policy excludes, restricts or modifies your rights under the Australian Consumer Law, and the exclusions in section 2 do not apply to the extent that they would limit those rights.',
          CONSUMER_GUARANTEES,
          `Questions about a return? E-mail ${email}, call ${phone} or write to ${legalName}, ${address}.`,
        ],
      },
    ],
  }
}
