import { RouterContextProvider } from 'react-router'
import type { Auth } from '../../app/server/auth/auth.server.ts'
import { createCatalogReads } from '../../app/server/catalog/catalog-reads.server.ts'
import { shopContext, type ShopContext } from '../../app/server/context.server.ts'
import type { DatabaseHandle } from '../../app/server/db/client.server.ts'
import type { Env } from '../../app/server/env.server.ts'
import { databaseImageFiles } from '../../app/server/images/file-store.server.ts'
import type { MailService } from '../../app/server/mail/outbox.server.ts'

/**
 * The context a route's loader or action gets from the server, for calling it directly in an
 * integration test: no session (the routes under test check theirs another way), no auth service;
 * `overrides` replaces any of it (another client address, say).
 */
export function routeContext(database: DatabaseHandle, config: Env, mailer: MailService = {} as MailService, overrides: Partial<ShopContext> = {}) {
  const provider = new RouterContextProvider()
  provider.set(shopContext, {
    db: database.db,
    catalog: createCatalogReads(database.db),
    config,
    auth: {} as Auth,
    sessions: async () => null,
    nonce: 'test-nonce',
    mailer,
    images: databaseImageFiles,
    requestId: 'test-request',
    clientIp: '127.0.0.1',
    ...overrides,
  })
  return provider
}
