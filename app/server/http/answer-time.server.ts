import { setTimeout as sleep } from 'node:timers/promises'

/**
 * How long an answer about an e-mail address takes at least (a password reset or order link asked
 * for, a verification e-mail sent again): a known address costs a few database writes and a queued
 * e-mail that an unknown one does not, which a stopwatch would otherwise show.
 */
export const ADDRESS_ANSWER_MS = 250

/** The same for a sign-up, which hashes the password either way (tens to hundreds of milliseconds under load). */
export const SIGN_UP_ANSWER_MS = 600

/**
 * Runs `work` and, when `padded` says its outcome is one whose time could tell a known address from
 * an unknown one, gives it no sooner than `ms` after the work began. Waiting hides the difference
 * whatever the work was, as long as it stays under `ms`; refusals (bad input, rate limits) come at
 * once, as they do not depend on the address.
 */
export async function answerNoSoonerThan<T>(ms: number, work: () => Promise<T>, padded: (outcome: T) => boolean = () => true): Promise<T> {
  const started = performance.now()
  const outcome = await work()
  const left = ms - (performance.now() - started)
  if (left > 0 && padded(outcome)) await sleep(left)
  return outcome
}
