/** One e-mail of the shop. Every sender (verification, order confirmation, enquiry) builds one of these. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
}

export interface Mailer {
  /**
   * Stores the message in the outbox in the caller's transaction or on its own, then (with SMTP)
   * delivers it in the background; a failed delivery is retried, never lost.
   */
  send(message: MailMessage): Promise<{ id: string }>
}
