import { data } from 'react-router'

/**
 * A database that is away for a moment (restarting, failing over, unreachable) is not a fault of
 * the page asked for: such requests answer 503 with Retry-After, so that browsers, balancers and
 * CDNs try again instead of taking the page as broken.
 */
export const RETRY_AFTER_SECONDS = 5

/**
 * A form's or endpoint's own answer while the database is away (a message it shows in place, rather
 * than the error page the root middleware gives): 503 with Retry-After.
 */
export function databaseAwayAnswer<T>(body: T) {
  return data(body, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })
}

/** PostgreSQL's codes for a server shutting down or starting up (57P0x) and lost connections (class 08). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'])
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])
/** What node-postgres says when a connection ends or a bounded wait runs out. */
const CLIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end)/

/** Whether an error (or the error behind it: Drizzle wraps the driver's) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && (SERVER_CODES.has(code) || NETWORK_CODES.has(code))) return true
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true
    current = cause
  }
  return false
}

/**
 * Requests whose loader or action found the database away. React Router hands the root middleware
 * (app/root.tsx, which turns their 500 into 503) only sanitised errors in production, so
 * `handleError` (app/entry.server.tsx), which sees the real one first, marks the request's context.
 */
const away = new WeakSet<object>()

export function markDatabaseAway(context: object): void {
  away.add(context)
}

export function databaseWasAway(context: object): boolean {
  return away.has(context)
}
