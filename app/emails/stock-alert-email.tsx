import { Heading, Link, Text } from '@react-email/components'
import { EmailButton, emailBrand, emailFooterText, emailInk, EmailLayout, emailSmall, emailText, type EmailShop } from './email-layout.tsx'

/**
 * The two e-mails of a back-in-stock alert (docs/decisions/050-back-in-stock-alerts.md), in the
 * shop's frame: the confirmation asked for on the product page, and the one e-mail when the product
 * is back. Each plain-text part is written from the same words as its HTML.
 */

export interface StockAlertConfirmProps {
  shop: EmailShop
  origin: string
  productName: string
  confirmUrl: string
}

export interface StockAlertProps {
  shop: EmailShop
  origin: string
  productName: string
  productUrl: string
  unsubscribeUrl: string
}

const headingStyle = { fontSize: '24px', lineHeight: '32px', color: emailInk, margin: '24px 0 16px' }
const linkStyle = { color: emailBrand, textDecoration: 'underline' }

function confirmWords(props: StockAlertConfirmProps) {
  return {
    heading: 'Confirm your back-in-stock alert',
    paragraphs: [
      `Someone, we hope you, asked us to e-mail this address once when ${props.productName} is back in stock.`,
      'Press the button to confirm. Until you do, we send nothing more.',
    ],
    button: 'Confirm the alert',
    ignore: 'If it was not you, ignore this e-mail: the request is forgotten after 7 days.',
  }
}

export function StockAlertConfirmEmail(props: StockAlertConfirmProps) {
  const words = confirmWords(props)
  return (
    <EmailLayout shop={props.shop} origin={props.origin} preview={`Confirm to hear when ${props.productName} is back.`}>
      <Heading as="h1" style={headingStyle}>
        {words.heading}
      </Heading>
      {words.paragraphs.map((paragraph) => (
        <Text key={paragraph} style={emailText}>
          {paragraph}
        </Text>
      ))}
      <EmailButton href={props.confirmUrl}>{words.button}</EmailButton>
      <Text style={emailSmall}>{words.ignore}</Text>
    </EmailLayout>
  )
}

export function stockAlertConfirmText(props: StockAlertConfirmProps): string {
  const words = confirmWords(props)
  return textOf([
    [props.shop.name, '', words.heading],
    ...words.paragraphs.map((p) => [p]),
    [`${words.button}: ${props.confirmUrl}`],
    [words.ignore],
    emailFooterText(props.shop),
  ])
}

function alertWords(props: StockAlertProps) {
  return {
    heading: `${props.productName} is back in stock`,
    paragraphs: ['You asked us to tell you when it is back. It is in stock now, while it lasts.'],
    button: 'See the product',
    why: 'This is the one e-mail we send for this alert; we do not keep your address for anything else.',
    unsubscribe: 'Unsubscribe from back-in-stock alerts',
  }
}

export function StockAlertEmail(props: StockAlertProps) {
  const words = alertWords(props)
  return (
    <EmailLayout
      shop={props.shop}
      origin={props.origin}
      preview={`${props.productName} is in stock again.`}
      footer={
        <Text style={{ ...emailSmall, margin: '0 0 8px' }}>
          {words.why}{' '}
          <Link href={props.unsubscribeUrl} style={linkStyle}>
            {words.unsubscribe}
          </Link>
          .
        </Text>
      }
    >
      <Heading as="h1" style={headingStyle}>
        {words.heading}
      </Heading>
      {words.paragraphs.map((paragraph) => (
        <Text key={paragraph} style={emailText}>
          {paragraph}
        </Text>
      ))}
      <EmailButton href={props.productUrl}>{words.button}</EmailButton>
      <Text style={emailSmall}>
        Or open{' '}
        <Link href={props.productUrl} style={{ ...linkStyle, wordBreak: 'break-all' }}>
          {props.productUrl}
        </Link>
      </Text>
    </EmailLayout>
  )
}

export function stockAlertText(props: StockAlertProps): string {
  const words = alertWords(props)
  return textOf([
    [props.shop.name, '', words.heading],
    ...words.paragraphs.map((p) => [p]),
    [`${words.button}: ${props.productUrl}`],
    [words.why, `${words.unsubscribe}: ${props.unsubscribeUrl}`],
    emailFooterText(props.shop),
  ])
}

function textOf(blocks: string[][]): string {
  return blocks.map((block) => block.join('\n')).join('\n\n') + '\n'
}
