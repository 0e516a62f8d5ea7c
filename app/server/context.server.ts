import { createContext, type RouterContextProvider } from 'react-router'
import type { Auth } from './auth/auth.server.ts'
import type { SessionReader } from './auth/session-reader.server.ts'
import type { CatalogReads } from './catalog/catalog-reads.server.ts'
import type { Database } from './db/client.server.ts'
import type { Env } from './env.server.ts'
import type { ImageFileStore } from './images/file-store.server.ts'
import type { MailService } from './mail/outbox.server.ts'

export interface ShopContext {
  db: Database
  /** The storefront's catalogue reads, kept while the catalogue is unchanged. */
  catalog: CatalogReads
  config: Env
  auth: Auth
  /** The signed-in person of this request (better-auth's session, read in one query when it can be). */
  sessions: (headers: Headers) => ReturnType<SessionReader>
  mailer: MailService
  /** Where uploaded images' files are kept (the database, or S3-compatible storage when configured). */
  images: ImageFileStore
  requestId: string
  /** The client's address as the server saw it (Express `req.ip`, honouring TRUST_PROXY), for rate limits. */
  clientIp: string
  /** This response's Content-Security-Policy nonce for inline scripts. */
  nonce: string
}

export const shopContext = createContext<ShopContext>()

export function shop(context: Readonly<RouterContextProvider>): ShopContext {
  return context.get(shopContext)
}
