/** One e-mail of the shop. Every sender (verification, order confirmation, enquiry) builds one of these. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /**
   * Extra headers, stored with the message and given to SMTP as they are: a reminder's
   * `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058), so a mail client's own button works.
   */
  headers?: Record<string, string>
}

export interface Mailer {
  /**
   * Stores the message in the outbox in the caller's transaction or on its own, then (with SMTP)
   * delivers it in the background; a failed delivery is retried, never lost.
   */
  send(message: MailMessage): Promise<{ id: string }>
}
