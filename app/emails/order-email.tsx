import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components'
import { formatAud } from '../lib/money.ts'

/**
 * The one look of every e-mail the shop sends a customer about an order (docs/decisions/041-order-emails.md):
 * the shop's name and logo, what happened, a button to the order's page, the order summary, an
 * optional tax document (an adjustment note), and the shop's contact details. Built from react-email's
 * components, which write the tables and inline styles mail clients need; one column at most 600 px
 * wide, so that a 390 px phone shows it without scrolling sideways.
 */

export interface EmailShop {
  name: string
  legalName: string
  email: string
  abn: string
  address: string
  phone: string
}

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

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif'
const ink = '#0f172a'
const muted = '#475569'
const brand = '#174ba8'
const rule = '#e2e8f0'

const text = { fontSize: '16px', lineHeight: '24px', color: ink, margin: '0 0 16px' }
const small = { fontSize: '13px', lineHeight: '20px', color: muted, margin: '0' }

export function OrderEmail({ shop, origin, preview, heading, greeting, paragraphs, actions, summary, document, details = [] }: OrderEmailProps) {
  const [button, ...links] = actions
  return (
    <Html lang="en-AU">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f1f5f9', fontFamily: font, margin: '0', padding: '24px 0' }}>
        <Container style={{ maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px 20px' }}>
          <Section>
            <Row>
              <Column style={{ width: '40px', verticalAlign: 'middle' }}>
                <Img src={`${origin}/email-logo.png`} width="32" height="32" alt="" style={{ display: 'block' }} />
              </Column>
              <Column style={{ verticalAlign: 'middle' }}>
                <Text style={{ fontSize: '18px', lineHeight: '24px', fontWeight: 700, color: brand, margin: '0' }}>{shop.name}</Text>
              </Column>
            </Row>
          </Section>
          <Heading as="h1" style={{ fontSize: '24px', lineHeight: '32px', color: ink, margin: '24px 0 16px' }}>
            {heading}
          </Heading>
          <Text style={text}>{greeting}</Text>
          {paragraphs.map((paragraph, index) => (
            <Text key={index} style={text}>
              {paragraph}
            </Text>
          ))}
          {button ? (
            <Section style={{ margin: '8px 0 16px' }}>
              <Button
                href={button.href}
                style={{
                  backgroundColor: brand,
                  color: '#ffffff',
                  fontSize: '16px',
                  fontWeight: 600,
                  borderRadius: '6px',
                  padding: '12px 20px',
                  textDecoration: 'none',
                }}
              >
                {button.text}
              </Button>
            </Section>
          ) : null}
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
          <Hr style={{ borderColor: rule, margin: '24px 0 16px' }} />
          <Text style={small}>
            Questions? Reply to this e-mail or write to{' '}
            <Link href={`mailto:${shop.email}`} style={{ color: brand }}>
              {shop.email}
            </Link>
            , or call {shop.phone}.
          </Text>
          <Text style={{ ...small, marginTop: '8px' }}>
            {shop.legalName} (trading as {shop.name}), ABN {shop.abn}, {shop.address}
          </Text>
        </Container>
      </Body>
    </Html>
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

function SummarySection({ summary }: { summary: EmailSummary }) {
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
  blocks.push([
    `Questions? Reply to this e-mail or write to ${shop.email}, or call ${shop.phone}.`,
    `${shop.legalName} (trading as ${shop.name}), ABN ${shop.abn}, ${shop.address}`,
  ])
  return blocks.map((block) => block.join('\n')).join('\n\n') + '\n'
}
