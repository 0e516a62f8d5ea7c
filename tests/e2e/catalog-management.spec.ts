import type { Page } from '@playwright/test'
import { slugify } from '../../app/lib/slug'
import { getProduct } from '../../app/server/catalog/products.server'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { pngSquare } from './support/images'
import { signUp, uniqueEmail, withShopDatabase } from './support/shop'

const UNSUPPORTED = 'Only JPEG, PNG, WebP or AVIF images can be uploaded.'

/** One item of an array editor, such as "Image 1" or "Price 2". */
const item = (page: Page, name: string) => page.getByRole('group', { name, exact: true })

test('staff create, edit, rename and delete a product, and a refused save keeps what was typed', async ({ page, staffMember }) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, staffMember)

  // The empty form: three "required" messages next to the fields, marked invalid, and axe-clean.
  // The demo shop (no Stripe) starts the Stripe product id with a made-up one in Stripe's form, so
  // two of the three required fields are empty.
  await page.goto('/product/create')
  await expect(page.getByLabel('Stripe product id')).toHaveValue(/^prod_[A-Za-z0-9]{14}$/)
  await expect(page.getByLabel('Stripe product id')).toHaveAccessibleDescription(/prod_ followed by letters and digits/)
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('required', { exact: true })).toHaveCount(2)
  await expect(page.getByLabel('Stripe product id')).not.toHaveAttribute('aria-invalid', 'true')
  for (const label of ['Product name', 'Category']) {
    const field = page.getByLabel(label)
    await expect(field, label).toHaveAttribute('aria-invalid', 'true')
    await expect(field, label).toHaveAccessibleDescription(/required/)
  }
  await expect(page.getByLabel('Product name')).toBeFocused()
  await expect(page).toHaveURL('/product/create')
  await expectNoAxeViolations(page)

  // Create from the category list, which fills in its category.
  const name = `Catalog Test ${Date.now().toString(36)}`
  const id = slugify(name)
  const summary = 'A product made by the catalogue screens test.'
  await page.goto('/products/cameras')
  await page.getByRole('link', { name: 'Create Product' }).click()
  await expect(page).toHaveURL('/product/create?category=cameras')
  await expect(page.getByLabel('Category')).toHaveValue('cameras')
  await page.getByLabel('Product name').fill(name)
  await expect(page.getByText(`Its page: /product/${id}`)).toBeVisible()
  // An id not in Stripe's form is refused on the spot, saying what the form is.
  await page.getByLabel('Stripe product id').fill('abc')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('A Stripe product id is prod_ followed by letters and digits, such as prod_NWjs8kKbJWmuuc.')).toBeVisible()
  await expect(page).toHaveURL('/product/create?category=cameras')
  await page.getByLabel('Stripe product id').fill('prod_catalogtest')

  const png = pngSquare(16, [29, 95, 209])
  await page.getByRole('button', { name: 'Add image' }).click()
  await item(page, 'Image 1').getByLabel('Upload image 1').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png })
  await expect(item(page, 'Image 1').getByLabel('Image URL')).toHaveValue(/^\/media\/[0-9a-f]{32}\/16x16$/)
  const uploaded = await item(page, 'Image 1').getByLabel('Image URL').inputValue()
  await item(page, 'Image 1').getByLabel('Alt text').fill('A blue test square')
  await page.getByRole('button', { name: 'Add image' }).click()
  await item(page, 'Image 2').getByLabel('Image URL').fill('/images/products/unidrone-e900/2.svg')
  await item(page, 'Image 2').getByLabel('Alt text').fill('UniDrone E900 seen from above')

  await page.getByRole('button', { name: 'Add description' }).click()
  // Each description says what it does on the page.
  await expect(item(page, 'Description 1')).toContainText('Overview: the main text beside the price')
  await item(page, 'Description 1').getByLabel('Heading').fill('Overview')
  await item(page, 'Description 1').getByLabel('Text').fill(summary)

  // Prices typed in the wrong order, then put right with the move buttons.
  await page.getByRole('button', { name: 'Add price' }).click()
  await item(page, 'Price 1').getByLabel('Amount in dollars').fill('999')
  await item(page, 'Price 1').getByLabel('What the price is for').fill('Spare unit')
  await page.getByRole('button', { name: 'Add price' }).click()
  await item(page, 'Price 2').getByLabel('Amount in dollars').fill('1,299.50')
  await item(page, 'Price 2').getByLabel('What the price is for').fill('Price (inc. GST)')
  await item(page, 'Price 2').getByLabel('Payment provider’s price id').fill('price_catalogtest')
  await page.getByRole('button', { name: 'Move price 2 up' }).click()
  await expect(item(page, 'Price 1').getByLabel('Amount in dollars')).toHaveValue('1,299.50')
  await expect(item(page, 'Price 2').getByLabel('Amount in dollars')).toHaveValue('999')
  await expect(page.getByRole('button', { name: 'Move price 1 down' })).toBeFocused()

  // An item added by mistake goes again.
  await page.getByRole('button', { name: 'Add feature' }).click()
  await item(page, 'Feature 1').getByLabel('Feature', { exact: true }).fill('Added by mistake')
  await page.getByRole('button', { name: 'Remove feature 1' }).click()
  await expect(item(page, 'Feature 1')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add feature' })).toBeFocused()

  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(`/product/${id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('$1,299.50 incl. GST', { exact: true })).toBeVisible()
  const carousel = page.getByRole('region', { name: `Images of ${name}` })
  const mainImage = carousel.getByTestId('main-image')
  // An uploaded photo is a <picture>: the browser takes its AVIF file, WebP for browsers without.
  await expect(mainImage).toHaveAttribute('src', `${uploaded.replace(/\/16x16$/, '')}/16.webp`)
  await expect.poll(() => mainImage.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/media\/[0-9a-f]{32}\/16\.avif$/)
  await expect.poll(() => mainImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
  await carousel.getByRole('button', { name: 'Show image 2 of 2' }).click()
  await expect(mainImage).toHaveAttribute('src', '/images/products/unidrone-e900/2.svg')
  await expect(mainImage).toHaveAttribute('alt', 'UniDrone E900 seen from above')

  // The image's own address serves its WebP file, cached for good, and never sniffed; the PNG as sent is kept nowhere.
  const file = await page.request.get(uploaded)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('image/webp')
  expect(file.headers()['cache-control']).toContain('immutable')
  expect(file.headers()['x-content-type-options']).toBe('nosniff')
  const served = Buffer.from(await file.body())
  expect([served.subarray(0, 4).toString('latin1'), served.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP'])
  expect(served.equals(png)).toBe(false)

  // In its category list, with the card text and staff controls.
  await page.goto('/products/cameras')
  const card = page.getByRole('article').filter({ hasText: name })
  await expect(card).toContainText(summary)
  await expect(card).toContainText('$1,299.50')
  await expect(card.getByRole('img', { name: 'A blue test square' })).toHaveAttribute('src', `${uploaded.replace(/\/16x16$/, '')}/16.webp`)
  await expect(card.getByRole('link', { name: `Read ${name}` })).toHaveAttribute('href', `/product/${id}`)
  await expect(card.getByRole('link', { name: `Deprecate ${name}` })).toHaveAttribute('href', `/product/${id}/deprecate`)

  // Edit: the price shows in dollars and a change is saved.
  await card.getByRole('link', { name: `Edit ${name}` }).click()
  await expect(page).toHaveURL(`/product/${id}/update`)
  await expect(item(page, 'Price 1').getByLabel('Amount in dollars')).toHaveValue('1299.50')
  await expect(item(page, 'Image 1').getByLabel('Image URL')).toHaveValue(uploaded)
  await item(page, 'Price 1').getByLabel('Amount in dollars').fill('1,199.00')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(`/product/${id}`)
  await expect(page.getByText('$1,199.00 incl. GST', { exact: true })).toBeVisible()

  // Two editors: the one who saves second with a stale form is told so and loses nothing.
  await page.getByRole('link', { name: 'Update Product' }).click()
  await expect(page).toHaveURL(`/product/${id}/update`)
  const other = await page.context().newPage()
  await other.goto(`/product/${id}/update`)
  await item(other, 'Price 1').getByLabel('Amount in dollars').fill('1,099.00')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other).toHaveURL(`/product/${id}`)
  await other.close()
  const staleText = 'Typed by an editor who opened the form before the other save.'
  await item(page, 'Description 1').getByLabel('Text').fill(staleText)
  await page.getByLabel('Stripe product id').fill('prod_Stale1')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert')).toContainText('Someone else changed this product after you opened it.')
  await expect(page).toHaveURL(`/product/${id}/update`)
  await expect(item(page, 'Description 1').getByLabel('Text')).toHaveValue(staleText)
  await expect(page.getByLabel('Stripe product id')).toHaveValue('prod_Stale1')
  await expect(item(page, 'Price 1').getByLabel('Amount in dollars')).toHaveValue('1199.00')
  // Pressing Save again does not win either: the form still names the version it started from.
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert')).toContainText('Someone else changed this product after you opened it.')
  const stored = await withShopDatabase(async (database) => getProduct(database.db, id))
  expect(stored?.STUPID).toBe('prod_catalogtest')
  expect(stored?.productPrices[0]?.value).toBe(109900)

  // Rename: the product moves and its old address answers 301 to the new one.
  await page.goto(`/product/${id}/update`)
  await expect(item(page, 'Price 1').getByLabel('Amount in dollars')).toHaveValue('1099.00')
  const newName = `${name} Mk2`
  const newId = slugify(newName)
  await page.getByLabel('Product name').fill(newName)
  await expect(page.getByText(`The product moves to /product/${newId}`)).toBeVisible()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(`/product/${newId}`)
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  const old = await page.request.get(`/product/${id}`, { maxRedirects: 0 })
  expect(old.status()).toBe(301)
  expect(old.headers().location).toBe(`/product/${newId}`)

  // A new product whose name gives a taken id: the error shows at the name and the input stays.
  await page.goto('/product/create')
  await page.getByLabel('Product name').fill('UniDrone E900')
  await page.getByLabel('Stripe product id').fill('prod_Duplicate1')
  await page.getByLabel('Category').selectOption('autopilots')
  await page.getByRole('button', { name: 'Add feature' }).click()
  await item(page, 'Feature 1').getByLabel('Feature', { exact: true }).fill('Typed before the refusal')
  await page.getByRole('button', { name: 'Create product' }).click()
  const nameField = page.getByLabel('Product name')
  await expect(nameField).toHaveAccessibleDescription(/A product with the id "unidrone-e900" already exists\./)
  await expect(page.getByText('A product with the id "unidrone-e900" already exists.')).toBeVisible()
  await expect(nameField).toHaveAttribute('aria-invalid', 'true')
  await expect(nameField).toBeFocused()
  await expect(page).toHaveURL('/product/create')
  await expect(nameField).toHaveValue('UniDrone E900')
  await expect(page.getByLabel('Stripe product id')).toHaveValue('prod_Duplicate1')
  await expect(page.getByLabel('Category')).toHaveValue('autopilots')
  await expect(item(page, 'Feature 1').getByLabel('Feature', { exact: true })).toHaveValue('Typed before the refusal')
  expect((await withShopDatabase(async (database) => getProduct(database.db, 'unidrone-e900')))?.STUPID).not.toBe('prod_Duplicate1')

  // Deprecate → Delete Forever → back on the category list without it.
  await page.goto('/products/cameras')
  await page
    .getByRole('article')
    .filter({ hasText: newName })
    .getByRole('link', { name: `Deprecate ${newName}` })
    .click()
  await expect(page).toHaveURL(`/product/${newId}/deprecate`)
  await expect(page.getByRole('heading', { level: 1, name: `Delete ${newName}?` })).toBeVisible()
  await expect(page.getByRole('img', { name: 'A blue test square' })).toBeVisible()
  await expect(page.getByText('Delete confirmation')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/product/${newId}`)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Delete Forever' }).click()
  await expect(page).toHaveURL('/products/cameras')
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(page.getByRole('article').filter({ hasText: newName })).toHaveCount(0)
  expect((await page.request.get(`/product/${newId}`)).status()).toBe(404)

  // Restore it from its history: the version before the delete comes back as a new write.
  await page.goto(`/history/products/${newId}`)
  await page.getByRole('button', { name: 'Restore this version' }).first().click()
  await expect(page.getByText(/was restored/)).toBeVisible()
  await page.goto(`/product/${newId}`)
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  await page.goto('/products/cameras')
  await expect(page.getByRole('article').filter({ hasText: newName })).toHaveCount(1)
})

test('staff choose where a product is shown: related products found by name with the keyboard, featured on the home page, the use-case pictures', async ({
  page,
  baseURL,
  staffMember,
}) => {
  test.setTimeout(90_000)
  await signInAsStaff(page, staffMember)
  const esc = '/product/uniesc-80a-foc'
  const related = page.getByRole('region', { name: 'Compatible and related' })
  // Chosen by nobody yet: the three other propulsion products stand in, and no use-case pictures (spare parts).
  await page.goto(esc)
  await expect(related.getByRole('article')).toHaveCount(3)
  await expect(page.getByText('Mine surveying')).toHaveCount(0)

  await page.goto(`${esc}/update`)
  const add = page.getByRole('combobox', { name: 'Add a related product' })
  await add.fill('unimotor 6215')
  await expect(page.getByRole('option', { name: /UniMotor 6215 KV180/ })).toBeVisible()
  await add.press('ArrowDown')
  await add.press('Enter')
  await add.fill('carbon propeller')
  await expect(page.getByRole('option', { name: /UniProp 22×7\.8 Carbon Propeller Pair/ })).toBeVisible()
  await add.press('ArrowDown')
  await add.press('Enter')
  // Enter chose an option: the form was not sent.
  await expect(page).toHaveURL(`${esc}/update`)
  const list = page.getByTestId('related-list').getByRole('listitem')
  await expect(list).toHaveCount(2)
  await page.getByRole('button', { name: 'Move UniProp 22×7.8 Carbon Propeller Pair up' }).click()
  await expect(list.first()).toContainText('UniProp 22×7.8 Carbon Propeller Pair')
  await page.getByLabel('Feature on the home page').check()
  await page.getByLabel('Show the use-case pictures on its page').check()
  await expectNoAxeViolations(page)
  // CATALOG_SHOTS=dir keeps pictures of the section at desktop and phone widths, to look at.
  const section = page.getByRole('region', { name: 'Where it is shown' })
  if (process.env.CATALOG_SHOTS) await section.screenshot({ path: `${process.env.CATALOG_SHOTS}/placement-1440.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the form fits a phone').toBeLessThanOrEqual(390)
  if (process.env.CATALOG_SHOTS) await section.screenshot({ path: `${process.env.CATALOG_SHOTS}/placement-390.png` })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page).toHaveURL(esc)
  await expect(related.getByRole('heading', { level: 3 })).toHaveText(['UniProp 22×7.8 Carbon Propeller Pair', 'UniMotor 6215 KV180'])
  await expect(page.getByText('Mine surveying')).toBeVisible()
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Featured products' }).getByRole('link', { name: 'UniESC 80A FOC' })).toBeVisible()

  // A save naming a product that does not exist (a stale page, a forged post) is refused with the reason.
  const editable = await withShopDatabase((database) => getProduct(database.db, 'uniesc-80a-foc'))
  const form = await (await page.request.get(`${esc}/update`)).text()
  const version = /name="version" value="(\d+)"/.exec(form)?.[1]
  const forged = await page.request.post(`${esc}/update`, {
    headers: { origin: baseURL! },
    form: {
      version: version!,
      product: JSON.stringify({
        ...editable,
        FBUID: undefined,
        productPrices: editable!.productPrices.map((price) => ({ ...price, value: (price.value / 100).toFixed(2) })),
        productRelated: ['no-such-product'],
      }),
    },
  })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain('No product has the id “no-such-product”')

  // Taken back: nothing chosen, not featured, no pictures.
  await page.goto(`${esc}/update`)
  await page.getByRole('button', { name: 'Remove UniProp 22×7.8 Carbon Propeller Pair' }).click()
  await page.getByRole('button', { name: 'Remove UniMotor 6215 KV180' }).click()
  await page.getByLabel('Feature on the home page').uncheck()
  await page.getByLabel('Show the use-case pictures on its page').uncheck()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(esc)
  await expect(related.getByRole('article')).toHaveCount(3)
  await expect(page.getByText('Mine surveying')).toHaveCount(0)
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Featured products' }).getByRole('link', { name: 'UniESC 80A FOC' })).toHaveCount(0)
})

test('an upload is judged by its bytes: a text file renamed .png, SVG, HTML, PHP and oversized files are refused', async ({ page, staffMember }) => {
  await signInAsStaff(page, staffMember)
  await page.goto('/product/create')
  await page.getByRole('button', { name: 'Add image' }).click()
  const image = item(page, 'Image 1')
  await image
    .getByLabel('Upload image 1')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a picture.') })
  await expect(image.getByRole('status')).toHaveText(UNSUPPORTED)
  await expect(image.getByLabel('Image URL')).toHaveValue('')

  const post = (buffer: Buffer, name = 'picture.png') => page.request.post('/api/uploads', { multipart: { file: { name, mimeType: 'image/png', buffer } } })
  for (const text of [
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    '<!doctype html><script>alert(1)</script>',
    '<?php system($_GET["c"]); ?>',
  ]) {
    const response = await post(Buffer.from(text))
    expect(response.status(), text).toBe(415)
    expect(await response.json(), text).toEqual({ error: UNSUPPORTED })
  }
  const tooLarge = Buffer.alloc(20 * 1024 * 1024 + 1)
  pngSquare(1, [0, 0, 0]).copy(tooLarge)
  const large = await post(tooLarge)
  expect(large.status()).toBe(413)
  expect((await large.json()).error).toContain('20 MB')
  // The client's file name plays no part in the stored name.
  const stored = await post(pngSquare(2, [255, 0, 0]), 'my-holiday.php')
  expect(stored.status()).toBe(201)
  expect((await stored.json()).url).toMatch(/^\/media\/[0-9a-f]{32}\/2x2$/)
})

test('visitors and customers see no catalogue controls, and customers get 403 on its screens', async ({ page }) => {
  const noControls = async () => {
    await page.goto('/products/autopilots')
    await expect(page.getByRole('article').first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Create Product' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^(Read|Edit|Deprecate) / })).toHaveCount(0)
    await page.goto('/product/unidrone-e900')
    await expect(page.getByRole('heading', { level: 1, name: 'UniDrone E900' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Update Product' })).toHaveCount(0)
  }
  await noControls()

  await signUp(page, uniqueEmail('catalog-customer'), 'customer password')
  await noControls()
  for (const path of ['/product/create', '/product/unidrone-e900/update', '/product/unidrone-e900/deprecate']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: 'This page is for staff only' })).toBeVisible()
  }
  const upload = await page.request.post('/api/uploads', { multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: pngSquare(1, [0, 0, 0]) } } })
  expect(upload.status()).toBe(403)
  const remove = await page.request.post('/product/unidrone-e900/deprecate', { form: { intent: 'delete' }, maxRedirects: 0 })
  expect(remove.status()).toBe(403)
  expect(await withShopDatabase(async (database) => getProduct(database.db, 'unidrone-e900'))).not.toBeNull()
})
