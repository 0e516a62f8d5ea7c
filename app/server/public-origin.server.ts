import type { Env } from './env.server.ts'

/** What the shop is answering: a loader's or action's Fetch request, or Express's request in middleware. */
export type AnsweredRequest = Request | { protocol: string; get(name: 'host'): string | undefined }

/**
 * The shop's public origin (`https://shop.example`, no path, no trailing slash), the one address that
 * canonical links, JSON-LD, the sitemap, e-mailed links, payment return addresses, better-auth and
 * the same-origin check of writes all use.
 *
 * A deployment must set PUBLIC_URL (env.server.ts), so none of these ever comes from a request's
 * `Host` there. The demo may leave it unset and be reached under any name: then a request names the
 * origin it was made to (for Express's request, its protocol and `Host` header, as the same-origin
 * check has always compared), and work done outside a request (better-auth's e-mails, refunds, staff
 * notices) names this machine's port.
 */
export function publicOrigin(config: Pick<Env, 'PUBLIC_URL' | 'PORT'>, request?: AnsweredRequest): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin
  if (!request) return `http://localhost:${config.PORT}`
  return 'protocol' in request ? `${request.protocol}://${request.get('host')}` : new URL(request.url).origin
}
