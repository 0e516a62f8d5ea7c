import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { SHOP_NODE_FLAGS } from './shop-flags'

it('npm start runs the shop with the same options as the bench and the browser tests', () => {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }
  expect(scripts.start).toBe(`node scripts/build-if-needed.ts && node ${SHOP_NODE_FLAGS.join(' ')} server.js`)
  expect(readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8')).toContain(`node_modules/.bin/node ${SHOP_NODE_FLAGS.join(' ')} server.js`)
})
