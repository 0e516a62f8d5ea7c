import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import type { DatabaseHandle, Executor } from '../../app/server/db/client.server.ts'
import { session, user } from '../../app/server/db/schema.ts'
import type { RunningShop, StartOptions } from '../../app/server/http/app.server.ts'

/**
 * The shop's real HTTP app (app/server/http/app.server.ts: the page cache in front of Express, the
 * session reader, React Router rendering every page) served from source on a test's own database.
 * Vite compiles the routes as the dev server does, but the shop runs as in production: pages are
 * kept by the page cache. No browser build is served (no scripts or styles are asked for).
 */
export interface HttpShops {
  start(database: DatabaseHandle, env?: Record<string, string>): Promise<RunningShop & { secret: string }>
  close(): Promise<void>
}

export async function httpShops(): Promise<HttpShops> {
  const vite: ViteDevServer = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent' })
  const app = (await vite.ssrLoadModule('./app/server/http/app.server.ts')) as { startShop(options: StartOptions): Promise<RunningShop> }
  const started: { shop: RunningShop; dataDir: string }[] = []
  return {
    async start(database, env = {}) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-http-'))
      const secret = randomBytes(24).toString('hex')
      const shop = await app.startShop({
        database,
        builtFiles: false,
        env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BETTER_AUTH_SECRET: secret, LOG_LEVEL: 'silent', ...env },
      })
      started.push({ shop, dataDir })
      return { ...shop, secret }
    },
    async close() {
      for (const { shop, dataDir } of started.splice(0)) {
        await shop.close()
        await rm(dataDir, { recursive: true, force: true })
      }
      await vite.close()
    },
  }
}

/**
 * A signed-in customer as the shop's session cookie names them: an account with a verified address
 * and a live session, and the cookie better-auth would have set (its token signed with the shop's
 * secret), read by the shop's own session reader.
 */
export async function signedInCustomer(db: Executor, secret: string, email: string): Promise<{ userId: string; cookie: string }> {
  const userId = randomUUID()
  const token = randomBytes(24).toString('base64url')
  await db.insert(user).values({ id: userId, name: email.split('@')[0]!, email, emailVerified: true, role: 'customer' })
  await db.insert(session).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 29 * 86_400_000), updatedAt: new Date() })
  const signature = createHmac('sha256', secret).update(token).digest('base64')
  return { userId, cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}` }
}

/** What one answer was: its status, headers and body as text. */
export interface Answer {
  status: number
  headers: Headers
  text: string
}

/** A browser's cookies for one visitor: sent with each request, and changed by what the shop sets. */
export class Visitor {
  readonly jar = new Map<string, string>()
  readonly origin: string
  constructor(origin: string, cookies = '') {
    this.origin = origin
    for (const part of cookies.split(/;\s*/).filter(Boolean)) {
      const eq = part.indexOf('=')
      this.jar.set(part.slice(0, eq), part.slice(eq + 1))
    }
  }

  async get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(`${this.origin}${pathname}`, { headers: { ...(cookie ? { cookie } : {}), ...headers }, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (!value || /max-age=0\b/i.test(line)) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return { status: response.status, headers: response.headers, text: await response.text() }
  }
}
