import { readFile } from 'node:fs/promises'
import { demoProducts } from '../../db/seed/catalog'
import { BOM, csvLine, parseCsv, restoreFormula } from '../../app/lib/csv'
import { formatAud } from '../../app/lib/money'
import { slugify } from '../../app/lib/slug'
import { createProduct } from '../../app/server/catalog/products.server'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { lookAt } from './support/look'
import { withShopDatabase } from './support/shop'

test('staff download products.csv, change a price in it, check the dry run, apply it and see the new price', async ({ page, staffMember }) => {
  test.setTimeout(45_000)
  // A product of this walk's own, so that no other walk's edits show up in its dry run.
  const name = `Sheet Test ${Date.now().toString(36)}`
  const id = slugify(name)
  const base = demoProducts.find((product) => product.productCategory === 'cameras')!
  await withShopDatabase((database) =>
    createProduct(database.db, { ...base, productName: name, productPrices: [{ value: 10000, label: 'Price', description: '' }] }, 'seed'),
  )
  await signInAsStaff(page, staffMember)

  await page.goto('/migration')
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download products.csv' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('products.csv')
  const text = await readFile((await download.path())!, 'utf8')
  const headers = (await page.request.get('/migration/products.csv')).headers()
  expect(headers['content-type']).toBe('text/csv; charset=utf-8')
  // One header: the route's own and the one every answer to a signed-in person gets are not both sent.
  expect(headers['cache-control']).toBe('private, no-store')
  expect(text.startsWith(BOM)).toBe(true)
  const [header, ...rows] = parseCsv(text).map((row) => row.cells.map(restoreFormula))
  const column = (wanted: string) => header!.indexOf(wanted)
  const own = rows.filter((cells) => cells[column('Handle')] === id)
  expect(own[0]![column('Variant Price')]).toBe('100.00')

  // The file as a staff member would edit it in a spreadsheet: this product's rows alone (other walks
  // change demo products meanwhile, which a whole-catalogue file would carry back), a new price, and
  // a column of their own.
  own[0]![column('Variant Price')] = '123.45'
  const edited = BOM + [[...header!, 'Notes'], ...own.map((cells, index) => [...cells, index === 0 ? 'new price from the supplier' : ''])].map(csvLine).join('')
  await page.getByLabel('Collection').selectOption('products')
  await page.getByLabel('File to import').setInputFiles({ name: 'products-edited.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) })
  await page.getByRole('button', { name: 'Check file (dry run)' }).click()

  const dryRun = page.getByRole('region', { name: 'Dry run of products-edited.csv into products' })
  await expect(dryRun).toBeVisible()
  await expect(dryRun.getByText('Nothing has been written yet. 1 product in the file.')).toBeVisible()
  await expect(dryRun.getByText('Ignored columns: Notes.')).toBeVisible()
  await expect(dryRun.getByRole('listitem').filter({ hasText: /^1 to update$/ })).toBeVisible()
  await expect(dryRun.getByRole('listitem').filter({ hasText: /^0 rejected$/ })).toBeVisible()
  await expect(dryRun.getByRole('listitem').filter({ hasText: `${id}: Variant Price` })).toBeVisible()
  await lookAt(page, 'products-csv-dry-run', dryRun)
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Apply: write 1 document' }).click()
  const applied = page.getByRole('status').filter({ hasText: 'Imported products-edited.csv into products' })
  await expect(applied.getByRole('listitem').filter({ hasText: /^1 updated$/ })).toBeVisible()

  await page.goto(`/product/${id}`)
  await expect(page.getByText(`${formatAud(12345)} incl. GST`)).toBeVisible()
})
