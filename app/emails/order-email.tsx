import { Column, Heading, Link, Row, Section, Text } from '@react-email/components'
import { formatAud } from '../lib/money.ts'
import { EmailButton, emailBrand, emailFooterText, emailInk, EmailLayout, emailRule, emailText, type EmailShop } from './email-layout.tsx'

/**
 * The one look of every e-mail the shop sends a customer about an order (docs/decisions/041-order-emails.md):
 * in the shop's frame (email-layout.tsx: its name and logo, its contact details and identity), what
 * happened, a button to the order's page, the order summary and an optional tax document (an
 * adjustment note).
 */

export type { EmailShop }

export interface EmailAmountRow {
  label: string
  cents: number
  strong?: boolean
}

export interface EmailSummary {
  heading: string
  items: { name: string; quantity: number; cents?: number }[]
  /** Shipping, Subtotal (excl. GST), GST, Total: what the order's pages show, in the same words. */
  totals: EmailAmountRow[]
}

/** A tax document printed in the e-mail (an adjustment note): its facts, its rows and its totals. */
export interface EmailDocument {
  title: string
  facts: string[]
  rows: EmailAmountRow[]
  totals: EmailAmountRow[]
}

export interface OrderEmailProps {
  shop: EmailShop
  /** The shop's public origin, for the logo (mail clients need absolute addresses). */
  origin: string
  /** The line a mail client shows beside the subject. */
  preview: string
  heading: string
  greeting: string
  paragraphs: string[]
  /** The first is the button; the others are links under it. */
  actions: { href: string; text: string }[]
  summary: EmailSummary | null
  document?: EmailDocument | null
  /** Said under the summary (delivery address, pickup place). */
  details?: { label: string; lines: string[] }[]
}

const ink = emailInk
const brand = emailBrand
const rule = emailRule
const text = emailText

export function OrderEmail({ shop, origin, preview, heading, greeting, paragraphs, actions, summary, document, details = [] }: OrderEmailProps) {
  const [button, ...links] = actions
  return (
    <EmailLayout shop={shop} origin={origin} preview={preview}>
      <Heading as="h1" style={{ fontSize: '24px', lineHeight: '32px', color: ink, margin: '24px 0 16px' }}>
        {heading}
      </Heading>
      <Text style={text}>{greeting}</Text>
      {paragraphs.map((paragraph, index) => (
        <Text key={index} style={text}>
          {paragraph}
        </Text>
      ))}
      {button ? <EmailButton href={button.href}>{button.text}</EmailButton> : null}
      {links.map((link) => (
        <Text key={link.href} style={{ ...text, margin: '0 0 8px' }}>
          <Link href={link.href} style={{ color: brand, textDecoration: 'underline' }}>
            {link.text}
          </Link>
        </Text>
      ))}
      {summary ? <SummarySection summary={summary} /> : null}
      {details.map((detail) => (
        <Section key={detail.label} style={{ marginTop: '16px' }}>
          <Text style={{ ...text, fontWeight: 600, margin: '0 0 4px' }}>{detail.label}</Text>
          {detail.lines.map((line) => (
            <Text key={line} style={{ ...text, margin: '0' }}>
              {line}
            </Text>
          ))}
        </Section>
      ))}
      {document ? <DocumentSection document={document} /> : null}
    </EmailLayout>
  )
}

function AmountRow({ row }: { row: EmailAmountRow }) {
  const weight = row.strong ? 700 : 400
  return (
    <Row>
      <Column style={{ padding: '4px 0', fontSize: '15px', lineHeight: '22px', color: ink, fontWeight: weight }}>{row.label}</Column>
      <Column style={{ padding: '4px 0', fontSize: '15px', lineHeight: '22px', color: ink, fontWeight: weight, textAlign: 'right', whiteSpace: 'nowrap' }}>
        {formatAud(row.cents)}
      </Column>
    </Row>
  )
}

/** Items with their amounts, then the totals under a rule. */
export function SummarySection({ summary }: { summary: EmailSummary }) {
  return (
    <Section style={{ marginTop: '16px', borderTop: `1px solid ${rule}`, paddingTop: '12px' }}>
      <Text style={{ ...text, fontWeight: 600, margin: '0 0 8px' }}>{summary.heading}</Text>
      {summary.items.map((item, index) => (
        <Row key={index}>
          <Column style={{ padding: '4px 0', fontSize: '15px', lineHeight: '22px', color: ink }}>
            {item.quantity} × {item.name}
          </Column>
          <Column style={{ padding: '4px 0 4px 12px', fontSize: '15px', lineHeight: '22px', color: ink, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {item.cents === undefined ? '' : formatAud(item.cents)}
          </Column>
        </Row>
      ))}
      {summary.totals.length > 0 ? (
        <Section style={{ borderTop: `1px solid ${rule}`, marginTop: '8px', paddingTop: '4px' }}>
          {summary.totals.map((row) => (
            <AmountRow key={row.label} row={row} />
          ))}
        </Section>
      ) : null}
    </Section>
  )
}

function DocumentSection({ document }: { document: EmailDocument }) {
  return (
    <Section style={{ marginTop: '24px', border: `1px solid ${rule}`, borderRadius: '6px', padding: '12px 16px' }}>
      <Heading as="h2" style={{ fontSize: '18px', lineHeight: '26px', color: ink, margin: '0 0 8px' }}>
        {document.title}
      </Heading>
      {document.facts.map((fact) => (
        <Text key={fact} style={{ fontSize: '14px', lineHeight: '21px', color: ink, margin: '0' }}>
          {fact}
        </Text>
      ))}
      <Section style={{ marginTop: '8px' }}>
        {document.rows.map((row) => (
          <AmountRow key={row.label} row={row} />
        ))}
      </Section>
      <Section style={{ borderTop: `1px solid ${rule}`, marginTop: '4px' }}>
        {document.totals.map((row) => (
          <AmountRow key={row.label} row={row} />
        ))}
      </Section>
    </Section>
  )
}

/** The same e-mail as plain text (its text/plain part): amounts on the line they belong to, links written out. */
export function orderEmailText({ shop, heading, greeting, paragraphs, actions, summary, document, details = [] }: OrderEmailProps): string {
  const amount = (row: EmailAmountRow) => `${row.label}: ${formatAud(row.cents)}`
  const blocks: string[][] = [
    [shop.name, '', heading],
    [greeting],
    ...paragraphs.map((paragraph) => [paragraph]),
    actions.map((action) => `${action.text}: ${action.href}`),
  ]
  if (summary) {
    blocks.push([
      `${summary.heading}:`,
      ...summary.items.map((item) => `${item.quantity} × ${item.name}${item.cents === undefined ? '' : ` — ${formatAud(item.cents)}`}`),
      ...(summary.totals.length ? ['', ...summary.totals.map(amount)] : []),
    ])
  }
  for (const detail of details) blocks.push([`${detail.label}:`, ...detail.lines])
  if (document) blocks.push([document.title.toUpperCase(), ...document.facts, '', ...document.rows.map(amount), ...document.totals.map(amount)])
  blocks.push(emailFooterText(shop))
  return blocks.map((block) => block.join('\n')).join('\n\n') + '\n'
}
