/**
 * The shop's legal pages as data: Terms and Conditions, Privacy Policy and Returns Policy.
 * The shop's identity (name, legal name, ABN, address, e-mail, phone) comes from configuration
 * and is written into the text, so the same wording serves any deployment of the shop.
 * Business facts follow docs/specification.md (Business constants); a change of wording also
 * changes LEGAL_LAST_UPDATED.
 *
 * Returns follow the online returns flow: a change of mind may be asked for within 14 days of
 * delivery or collection (the only time limit); faulty, damaged or not-as-described goods are
 * reviewed whenever they are reported, because the consumer guarantees of the Australian Consumer
 * Law cannot be excluded, restricted or cut short. Any text that mentions a warranty sits in a
 * document carrying the statement reg 90 of the Competition and Consumer Regulations 2010 requires.
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
export const LEGAL_LAST_UPDATED = '2026-11-25'

export const LEGAL_SLUGS: readonly LegalSlug[] = ['terms-and-conditions', 'privacy-policy', 'returns-policy']

export function isLegalSlug(value: string): value is LegalSlug {
  return (LEGAL_SLUGS as readonly string[]).includes(value)
}

export function legalPath(slug?: LegalSlug): string {
  return slug ? `/legals/${slug}` : '/legals'
}

/** The statement the Competition and Consumer Regulations 2010 (reg 90) require with any warranty against defects; verbatim. */
const CONSUMER_GUARANTEES =
  'Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. You are also entitled to have the goods repaired or replaced if the goods fail to be of acceptable quality and the failure does not amount to a major failure.'

/** Where a customer asks for a return online, signed in or as a guest. */
const RETURN_ONLINE =
  'choose “Request a return” on the order’s page in your account or, if you ordered as a guest, on the order page reached through the link we e-mail you when you look up your order on our Track your order page (/track-order)'

/**
 * The shop's warranty against defects, with what reg 90 of the Competition and Consumer
 * Regulations 2010 requires a warranty document to state: who gives it, what the customer must do
 * and what we will do, the period, how to claim, who bears the cost of claiming, that its benefits
 * are in addition to the customer's other rights, and the mandatory text.
 */
function warrantyAgainstDefects(shop: LegalShopIdentity): string[] {
  const { name, legalName, email, abn, address, phone } = shop
  return [
    `Our warranty against defects is given by ${legalName} (ABN ${abn}), trading as ${name}, of ${address} (phone ${phone}, e-mail ${email}). If goods you bought from us turn out to be defective, were damaged when they arrived or are not as described, tell us and, if we ask, return them to us; we will then repair or replace them or refund the price, as the Australian Consumer Law provides.`,
    'Period: this warranty has no fixed end date. It covers a defect that appears during the time for which goods of that kind can reasonably be expected to remain free of defects, given their nature, price and use, which is also how long the consumer guarantees apply.',
    `How to claim: ${RETURN_ONLINE}, or e-mail ${email}, with your order number, a description of the problem and, if you can, photos or a short video. We e-mail you our decision; if we need the goods back, we e-mail you return instructions.`,
    'Cost of claiming: you do not bear the cost of a valid claim. We reimburse your reasonable postage for returning the goods to us, and if goods cannot be returned without significant cost to you we arrange to collect them at our expense. If we find that the goods are not defective, we tell you why, and any cost of sending them to us remains yours.',
    'The benefits to you given by this warranty are in addition to other rights and remedies you have under a law in relation to the goods, including the consumer guarantees under the Australian Consumer Law.',
    CONSUMER_GUARANTEES,
    'Some products also come with a manufacturer’s warranty, given by the manufacturer on the terms in the documents supplied with the product. You may claim under it with the manufacturer or come to us; a manufacturer’s warranty does not replace our obligations as the seller, and its benefits are also in addition to your rights under the Australian Consumer Law.',
  ]
}

/** The three documents, in the order the shop lists them: terms, privacy, returns. */
export function legalDocuments(shop: LegalShopIdentity): LegalDocument[] {
  return [termsAndConditions(shop), privacyPolicy(shop), returnsPolicy(shop)]
}

function termsAndConditions(shop: LegalShopIdentity): LegalDocument {
  const { name, legalName, email, abn, address, phone } = shop
  return {
    slug: 'terms-and-conditions',
    title: 'Terms and Conditions',
    summary: `The terms on which ${legalName} sells drone and robotics hardware through the ${name} website: orders, prices including GST, payment, delivery, returns, faulty goods and use of the site.`,
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
          'We may decline or cancel an Order, before or after accepting it, if the Goods are unavailable, if a price or description on the website was clearly wrong, if we cannot verify the payment, or if we reasonably suspect fraud. If we do, we tell you by e-mail and refund in full any amount you have paid, to the original payment method.',
          `Please check your Order before you pay. If you notice a mistake, or want to cancel an Order, e-mail ${email} with your order number as soon as possible. An Order cancelled before it is shipped (for Click & Collect, before it is collected) is refunded in full, including any delivery charge.`,
        ],
      },
      {
        heading: 'Price and payment',
        paragraphs: [
          'Prices on the website are in Australian dollars (AUD) and include GST. The total shown at checkout is the amount you pay, and we issue a tax invoice for every Order.',
          'Prices may change without notice, but a change does not affect an Order we have already accepted.',
          'Payment is due in full when you place an Order, by a credit or debit card accepted at checkout. We do not dispatch Goods until payment has been received.',
          'Refunds are made to the original payment method, the card used to pay for the Order. We make a refund once we have agreed that it is due (for returned Goods, once we have received and checked them) and e-mail you an adjustment note for it; your bank may take a few business days to show it.',
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
          'If you choose Click & Collect at checkout, we e-mail you when your Order is ready to pick up, with the pickup address and opening hours. Goods must be collected by an adult aged 18 or over with photo identification and the order confirmation.',
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
          `If any Goods are faulty, damaged in transit, not as described or not what you ordered, tell us: ${RETURN_ONLINE}, or e-mail ${email} with your order number, a description of the problem and photos where possible. We accept every such report for review, whenever you make it; there is no deadline. Please tell us as soon as you reasonably can after you notice a problem, so that we can deal with it quickly, but we do not make your rights depend on it.`,
          'If the failure is major, you choose: you may reject the Goods and have a refund, or have a replacement. If it is not major, we may choose to repair or replace the Goods or refund the price; if we do not fix the problem within a reasonable time, you may have it fixed elsewhere and recover the reasonable cost from us, or reject the Goods and have a refund. You may also be entitled to compensation for any other reasonably foreseeable loss or damage.',
          'We reimburse your reasonable postage for returning faulty, damaged or not-as-described Goods to us. Refunds are made to the original payment method.',
          'Returns for change of mind, which must be asked for within 14 days of delivery or collection, are covered by our Returns Policy. That time limit applies only to change-of-mind returns.',
          ...warrantyAgainstDefects(shop),
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
          'We collect, hold and use personal information to process, deliver and support your orders, including returns, refunds and claims about faulty goods; to answer your enquiries; to run your account; to send you service e-mails such as order confirmations, delivery updates and account verification; to meet our legal obligations, such as keeping tax records; to keep the website secure and prevent fraud; and to improve our products and service.',
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
          'We keep personal information for at least 7 years after your last order or dealing with us, because Australian tax and corporations laws require us to keep transaction records for up to 7 years, and so that we can deal with claims about faulty goods.',
          'When we no longer need personal information for any purpose and are not required by law to keep it, we destroy it or de-identify it.',
        ],
      },
      {
        heading: 'Access and correction',
        paragraphs: [
          'You may ask for access to the personal information we hold about you, and ask us to correct it if it is inaccurate, out of date, incomplete, irrelevant or misleading. Contact us as set out in section 12. We will need to confirm your identity before we act on a request.',
          'There is no fee for making a request, and no charge for correcting your information. If you ask for copies of your information, we may charge a reasonable administrative fee to cover the cost of providing them; we will tell you the amount before we proceed.',
          'You may ask us for a copy of the personal information we hold about you: we give it to you as one file with your account, profile, saved addresses, orders (with their refunds and returns), enquiries, quotes, back-in-stock alerts and sign-in sessions.',
          'You may also ask us to close your Account. Closing it signs you out everywhere and removes your password and Google sign-in, two-step login, profile details, saved addresses, back-in-stock alerts, stored carts, what your enquiries and our replies to them said (including from our history of changes) and our copies of the e-mails we sent you; the Account keeps no name or e-mail address and cannot be used again. Your orders, refunds and tax invoices, with the name and address on them, are kept unchanged for the period the law requires (at least 7 years, as set out above), because tax law requires them and so that we can deal with claims about faulty goods.',
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
    summary: `Return unused goods within 14 days of delivery or collection if you change your mind, and tell us about faulty goods at any time: how to ask ${legalName} for a return, what we check and how refunds are paid.`,
    sections: [
      {
        heading: 'Two kinds of return',
        paragraphs: [
          'Change of mind: if you no longer want goods you bought from us, you may ask to return them within 14 days of the day they were delivered to you or, for Click & Collect, the day you collected them (section 2). The 14 days apply only to change-of-mind returns.',
          'Faulty, damaged or not as described: if goods you bought from us are faulty, arrive damaged, or are not as described or not what you ordered, you are protected by the consumer guarantees of the Australian Consumer Law. We accept every such claim for review, at any time, with no deadline (section 4).',
        ],
      },
      {
        heading: 'Change of mind',
        paragraphs: [
          'You may ask to return goods for a change of mind within 14 days of delivery or, for Click & Collect, of collection. Ask online or by e-mail as section 5 explains.',
          'The goods must be unused and in their original packaging, with all the accessories, parts and manuals they came with.',
          'You pay the cost of sending a change-of-mind return back to us. Once we have received and checked the goods, we refund the price you paid for them to your original payment method (section 6).',
        ],
      },
      {
        heading: 'Change-of-mind returns we cannot accept',
        paragraphs: [
          'These conditions apply only to change-of-mind returns. They never apply to goods that are faulty, damaged or not as described, which section 4 and the Australian Consumer Law cover. Except where the law requires otherwise, we cannot accept a change-of-mind return in any of these cases:',
          'Too late: you asked for the change-of-mind return more than 14 days after delivery or collection.',
          'Used: the goods have been used, installed or flown.',
          'Missing accessories or packaging: any accessory, part, manual or the original packaging is missing.',
          'No proof of purchase: we cannot match the goods to an order with us, by its order number or our tax invoice.',
          'Tampering: labels, seals or serial-number stickers have been removed, altered or tampered with.',
          'Damage after delivery: the goods have been damaged since delivery or collection, for example by misuse, by water or foreign bodies (such as sand, dust or crash debris) getting into them, or by external causes such as fire, floods, lightning or accidents.',
        ],
      },
      {
        heading: 'Faulty, damaged or not as described',
        paragraphs: [
          'Our goods come with consumer guarantees under the Australian Consumer Law, which cannot be excluded, restricted or cut short by any time limit of ours. They last for as long as is reasonable for goods of that kind. We accept every claim about faulty, damaged or not-as-described goods for review, whenever you make it.',
          'Please tell us as soon as you reasonably can after you notice a problem, so that we can deal with it quickly; we do not make your rights depend on it.',
          'If the failure is major (for example, the goods are unsafe, differ significantly from their description, or have a problem that would have stopped a reasonable consumer from buying them), you choose: you may reject the goods and have a refund, or have a replacement. You may also be entitled to compensation for any other reasonably foreseeable loss or damage.',
          'If the failure is not major, we may choose to repair or replace the goods or refund the price. If we do not fix the problem within a reasonable time, you may have it fixed elsewhere and recover the reasonable cost from us, or reject the goods and have a refund.',
          'We reimburse your reasonable postage for returning faulty, damaged or not-as-described goods to us. If the goods cannot be returned without significant cost to you, for example because of their size, we arrange to collect them at our expense.',
          'As the Australian Consumer Law provides, the guarantee of acceptable quality does not cover a problem caused by using the goods in an abnormal way (for example, contrary to the manufacturer’s instructions), or a defect that was specifically drawn to your attention before you bought them. We assess every claim against the law and, if we decline one, tell you why.',
        ],
      },
      {
        heading: 'How to ask for a return',
        paragraphs: [
          `Online: ${RETURN_ONLINE}. Choose the goods, say whether you have changed your mind or the goods are faulty, damaged or not as described, and describe the problem; photos or a short video help.`,
          `By e-mail: write to ${email} with your order number, the goods you want to return and the reason.`,
          'We review every request and answer by e-mail. If we approve it, we e-mail you return instructions, including where to send the goods. If we decline it, we tell you the reason. Please do not send goods back before we have approved the return, or we may not be able to identify them.',
          'Pack the goods securely with all their accessories and include your order number; for a change-of-mind return, use the original packaging. We recommend a tracked and insured postal service. You pay the return postage for a change of mind; for faulty, damaged or not-as-described goods we reimburse your reasonable return postage.',
        ],
      },
      {
        heading: 'Inspection, refunds and adjustment notes',
        paragraphs: [
          'When the goods reach us, we check them: for a change of mind, against section 2 and section 3; for a claim about faulty, damaged or not-as-described goods, to find the right remedy under section 4.',
          'Refunds are made to the original payment method used for the order. When we make a refund, we e-mail you an adjustment note, which records the refund and the GST against your tax invoice. Your bank may take a few business days to show the refund.',
          'An order cancelled before it is shipped (for Click & Collect, before it is collected) is refunded in full, including any delivery charge.',
          'If goods returned for a change of mind do not meet section 2 and section 3, we tell you why and send them back to you.',
        ],
      },
      {
        heading: 'Our warranty against defects',
        paragraphs: warrantyAgainstDefects(shop),
      },
      {
        heading: 'Your rights under the Australian Consumer Law',
        paragraphs: [
          'Nothing in this policy excludes, restricts or modifies your rights under the Australian Consumer Law. The 14-day limit and the conditions in section 2 and section 3 apply only to change-of-mind returns.',
          `Questions about a return? E-mail ${email}, call ${phone} or write to ${legalName}, ${address}.`,
        ],
      },
    ],
  }
}
