/**
 * The shop's process. `node server.ts` serves the production build (`npm start` builds it first
 * when needed); `node server.ts --dev` serves from source through Vite.
 */
type ShopModule = typeof import('./app/server/http/app.server.ts')

const dev = process.argv.includes('--dev')

async function loadShop(): Promise<{ module: ShopModule; vite?: import('vite').ViteDevServer }> {
  if (!dev) return { module: (await import(new URL('./build/server/index.js', import.meta.url).href)) as ShopModule }
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  return { module: (await vite.ssrLoadModule('./app/server/http/app.server.ts')) as ShopModule, vite }
}

try {
  const { module, vite } = await loadShop()
  const shop = await module.startShop({ vite })
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received: finishing requests and closing the database…`)
    await shop.close()
    await vite?.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  console.log(`The shop is open on ${shop.url}`)
} catch (error) {
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
  process.exit(1)
}
