import type { ReactNode } from 'react'
import { Body, Button, Column, Container, Head, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components'

/**
 * The frame of every e-mail the shop sends a customer (docs/decisions/041-order-emails.md): the shop's
 * logo and name on top, and underneath who sends it — how to reach the shop, its legal name, ABN and
 * address (which also identifies the sender of a commercial message, as the Spam Act 2003 asks:
 * docs/decisions/042-cart-reminders.md). One column at most 600 px wide, so that a 390 px phone shows
 * it without scrolling sideways. Built from react-email's components, which write the tables and
 * inline styles mail clients need.
 */

export interface EmailShop {
  name: string
  legalName: string
  email: string
  abn: string
  address: string
  phone: string
}

export const emailFont = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif'
export const emailInk = '#0f172a'
export const emailMuted = '#475569'
export const emailBrand = '#174ba8'
export const emailRule = '#e2e8f0'

export const emailText = { fontSize: '16px', lineHeight: '24px', color: emailInk, margin: '0 0 16px' }
export const emailSmall = { fontSize: '13px', lineHeight: '20px', color: emailMuted, margin: '0' }

export function EmailLayout({
  shop,
  origin,
  preview,
  children,
  footer,
}: {
  shop: EmailShop
  /** The shop's public origin, for the logo (mail clients need absolute addresses). */
  origin: string
  /** The line a mail client shows beside the subject. */
  preview: string
  children: ReactNode
  /** Said above the contact details (why the message came, how to stop it). */
  footer?: ReactNode
}) {
  return (
    <Html lang="en-AU">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f1f5f9', fontFamily: emailFont, margin: '0', padding: '24px 0' }}>
        <Container style={{ maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px 20px' }}>
          <Section>
            <Row>
              <Column style={{ width: '40px', verticalAlign: 'middle' }}>
                <Img src={`${origin}/email-logo.png`} width="32" height="32" alt="" style={{ display: 'block' }} />
              </Column>
              <Column style={{ verticalAlign: 'middle' }}>
                <Text style={{ fontSize: '18px', lineHeight: '24px', fontWeight: 700, color: emailBrand, margin: '0' }}>{shop.name}</Text>
              </Column>
            </Row>
          </Section>
          {children}
          <Hr style={{ borderColor: emailRule, margin: '24px 0 16px' }} />
          {footer}
          <Text style={emailSmall}>
            Questions? Reply to this e-mail or write to{' '}
            <Link href={`mailto:${shop.email}`} style={{ color: emailBrand }}>
              {shop.email}
            </Link>
            , or call {shop.phone}.
          </Text>
          <Text style={{ ...emailSmall, marginTop: '8px' }}>
            {shop.legalName} (trading as {shop.name}), ABN {shop.abn}, {shop.address}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

/** The e-mail's one button. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: emailBrand,
          color: '#ffffff',
          fontSize: '16px',
          fontWeight: 600,
          borderRadius: '6px',
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  )
}

/** The contact details and the sender's identity, as the plain-text part ends. */
export function emailFooterText(shop: EmailShop): string[] {
  return [
    `Questions? Reply to this e-mail or write to ${shop.email}, or call ${shop.phone}.`,
    `${shop.legalName} (trading as ${shop.name}), ABN ${shop.abn}, ${shop.address}`,
  ]
}
