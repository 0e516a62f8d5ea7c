import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { expect, test } from './fixtures'
import { signUp, uniqueEmail, withShopDatabase } from './support/shop'

test('catalogue pages are served from the cache to visitors, and a product write retires them', async ({ page, request }) => {
  const path = '/product/unicam-m24-mapping-camera'
  await request.get(path)
  const cached = await request.get(path)
  expect(cached.headers()['x-cache']).toBe('HIT')
  expect(cached.headers()['cache-control']).toContain('s-maxage=')
  expect(cached.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/)

  // A write through the operator socket is a write by another process: seen within a second.
  await withShopDatabase(async (database) => {
    const editable = (await getEditableProduct(database.db, 'unicam-m24-mapping-camera'))!
    const prices = [{ ...editable.product.productPrices[0]!, value: 311_100 }]
    await updateProduct(database.db, 'unicam-m24-mapping-camera', editable.version, { ...editable.product, productPrices: prices }, 'cache test')
  })
  await expect.poll(async () => (await request.get(path)).text(), { timeout: 5_000 }).toContain('$3,111.00')

  await signUp(page, uniqueEmail('cache'), 'cache password')
  const signedIn = await page.request.get(path)
  expect(signedIn.headers()['x-cache']).toBeUndefined()
  expect(signedIn.headers()['cache-control']).toBe('private, no-cache')
})
