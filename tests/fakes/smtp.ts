import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Received {
  mailFrom: string | undefined
  rcptTo: string[]
  user: unknown
  raw: string
}

/** A real SMTP server on a free loopback port that keeps every message it accepts. */
export async function startSmtpServer() {
  const received: Received[] = []
  const state = { refuse: false }
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 's3cret') callback(null, { user: 'shop' })
      else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }))
    },
    onRcptTo(_address, _session, callback) {
      if (state.refuse) callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
      else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom
        received.push({
          mailFrom: mailFrom ? mailFrom.address : undefined,
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    state,
    received,
    withSubject: (subject: string) => received.filter((message) => headersOf(message.raw).get('subject') === subject),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The top-level headers of a raw message, names lower-cased, folded lines joined. */
export function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/** The body with quoted-printable soft breaks and escapes undone (enough for ASCII test content). */
export function decodedBody(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/))
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
