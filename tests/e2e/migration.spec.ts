import { readFile } from 'node:fs/promises'
import { demoProducts } from '../../db/seed/catalog'
import { formatAud } from '../../app/lib/money'
import { slugify } from '../../app/lib/slug'
import { createProduct, getProduct } from '../../app/server/catalog/products.server'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { withShopDatabase } from './support/shop'

test('staff export the products, change a price in the file, check the dry run, apply it and see the new price and its history', async ({
  page,
  staffMember,
}) => {
  test.setTimeout(90_000)
  const staffEmail = staffMember.email
  await signInAsStaff(page, staffMember)
  // A product of this test's own, so that no other test's edits show up in its dry run.
  const name = `Migration Test ${Date.now().toString(36)}`
  const id = slugify(name)
  const base = demoProducts.find((product) => product.productCategory === 'cameras')!
  await withShopDatabase((database) =>
    createProduct(database.db, { ...base, productName: name, productPrices: [{ value: 10000, label: 'Price', description: '' }] }, 'seed'),
  )

  await page.goto('/migration')
  await expect(page.getByRole('heading', { level: 1, name: 'Data migration' })).toBeVisible()
  await expectNoAxeViolations(page)
  // The export runs as a job: the screen follows it and then offers its file.
  await page.getByRole('button', { name: 'Export products' }).click()
  await expect(page).toHaveURL(/\/migration\?job=[\w-]+$/)
  const ready = page.getByRole('region', { name: 'Export of products: ready' })
  await expect(ready).toBeVisible()
  await expect(ready).toContainText(/\d documents, [\d.,]+ (KB|MB)\. Kept here for 30 days\./)
  await expectNoAxeViolations(page)
  const downloading = page.waitForEvent('download')
  await ready.getByRole('link', { name: /^Download products-\d{4}-\d{2}-\d{2}\.json$/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(file).toMatchObject({ format: 'unidrone-shop-export', version: 1, collection: 'products' })
  expect(file.documents[id].productPrices[0].value).toBe(10000)

  // The file as a staff member would edit it: this product alone, with a new price (other browser
  // tests change demo products meanwhile, which a whole-catalogue file would carry back).
  const edited = { ...file, documents: { [id]: { ...file.documents[id], productPrices: [{ value: 12345, label: 'Price', description: '' }] } } }

  await page.getByLabel('Collection').selectOption('products')
  await page
    .getByLabel('File to import')
    .setInputFiles({ name: 'products-edited.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited, null, 2)) })
  await page.getByRole('button', { name: 'Check file (dry run)' }).click()

  const dryRun = page.getByRole('region', { name: 'Dry run of products-edited.json into products' })
  await expect(dryRun).toBeVisible()
  await expect(dryRun.getByText('Nothing has been written yet.')).toBeVisible()
  await expect(dryRun.getByRole('listitem').filter({ hasText: /^1 to update$/ })).toBeVisible()
  await expect(dryRun.getByRole('listitem').filter({ hasText: /^0 to create$/ })).toBeVisible()
  await expect(dryRun.getByRole('listitem').filter({ hasText: /^0 rejected$/ })).toBeVisible()
  await expect(dryRun.getByRole('listitem').filter({ hasText: `${id}: productPrices` })).toBeVisible()
  await expectNoAxeViolations(page)
  expect(await withShopDatabase(async (database) => (await getProduct(database.db, id))!.productPrices[0]!.value)).toBe(10000)

  // The check ran on its own after the upload: the screen can be left, and the dry run found again.
  await expect(page).toHaveURL(/\/migration\?job=[\w-]+$/)
  await page.goto('/staff')
  await page.goto('/migration')
  const recent = page.getByTestId('recent-job').filter({ hasText: 'Dry run of products-edited.json into products' }).first()
  await expect(recent).toContainText('Done')
  await expect(recent).toContainText(staffEmail)
  await recent.getByRole('link', { name: 'Dry run of products-edited.json into products' }).click()
  await expect(dryRun).toBeVisible()

  await page.getByRole('button', { name: 'Apply: write 1 document' }).click()
  const applied = page.getByRole('status').filter({ hasText: 'Imported products-edited.json into products' })
  await expect(applied).toBeVisible()
  await expect(applied.getByRole('listitem').filter({ hasText: /^1 updated$/ })).toBeVisible()
  await expect(page.getByLabel('File to import')).toHaveValue('')

  await page.goto(`/product/${id}`)
  await expect(page.getByText(`${formatAud(12345)} incl. GST`)).toBeVisible()
  await page.goto(`/history/products/${id}`)
  await expect(page.getByRole('listitem').filter({ hasText: staffEmail }).filter({ hasText: 'replaced' }).first()).toBeVisible()
})

test('a file that is not an export is refused with the reason, and history cannot be imported', async ({ page, staffMember }) => {
  await signInAsStaff(page, staffMember)
  await page.goto('/migration')
  await expect(page.getByLabel('Collection').locator('option')).toHaveText(['products', 'templates', 'contacts', 'profiles', 'promotions', 'orders'])
  await expect(page.getByText('History is read-only')).toBeVisible()
  await page.getByLabel('File to import').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "unidrone-shop-export", "version": 7, "collection": "products", "documents": {}}'),
  })
  await page.getByRole('button', { name: 'Check file (dry run)' }).click()
  await expect(page.getByRole('alert')).toHaveText('This file uses version 7 of the export format; this shop reads version 1. Nothing was written.')
})
