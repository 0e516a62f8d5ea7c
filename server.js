// @ts-check
/**
 * The shop's process. `node server.js` serves the production build (`npm start` builds it first
 * when needed); `node server.js --dev` serves from source through Vite. With WEB_CONCURRENCY above 1
 * (production, PostgreSQL) this process starts that many shop processes on the same port instead
 * (app/server/http/process/shop-process.server.ts).
 *
 * This file is JavaScript, not TypeScript, so that a shop process never loads Node's TypeScript
 * support: it holds ~13 MB for as long as the process runs (docs/decisions/033-process-memory.md).
 */
const dev = process.argv.includes('--dev')

/**
 * React and the other libraries choose their production or development build from NODE_ENV when
 * they are first imported. The built shop always runs them in production form, `npm start` included;
 * whether this is a deployment (secrets required, https, two-step login for staff) stays the
 * operator's NODE_ENV, kept as SHOP_DEPLOYMENT_ENV for the shop's configuration (app/server/env.server.ts,
 * docs/decisions/030-production-libraries-in-the-demo.md). Processes started by node:cluster inherit both.
 */
if (!dev) {
  process.env.SHOP_DEPLOYMENT_ENV ??= process.env.NODE_ENV ?? ''
  process.env.NODE_ENV = 'production'
}

try {
  if (dev) {
    const { createServer } = await import('vite')
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
    const shop = /** @type {typeof import('./app/server/http/process/shop-process.server.ts')} */ (
      await vite.ssrLoadModule('./app/server/http/process/shop-process.server.ts')
    )
    await shop.runShopProcess({ vite })
  } else {
    /** @type {typeof import('./app/server/http/process/shop-process.server.ts')} */
    const shop = await import(new URL('./build/server/index.js', import.meta.url).href)
    await shop.runShopProcess()
  }
} catch (error) {
  console.error(error)
  process.exit(1)
}
