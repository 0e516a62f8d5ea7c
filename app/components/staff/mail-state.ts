/** How the outbox screens name a message's state. */
export const MAIL_STATE_LABELS: Record<string, string> = { kept: 'Kept (no SMTP)', queued: 'Queued', sent: 'Sent' }
