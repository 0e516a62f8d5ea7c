import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CATEGORIES, MAX_RELATED } from '../../app/lib/catalog'
import { productFieldsSchema } from '../../app/lib/schemas/product'
import { slugify } from '../../app/lib/slug'
import { demoProducts } from './catalog'
import { demoPlacement } from './placement'

const publicDir = join(import.meta.dirname, '..', '..', 'public')
const publicFile = (urlPath: string): string => join(publicDir, ...urlPath.split('/').filter(Boolean))

describe('demo catalogue', () => {
  it('places demo products only, relating each to other demo products within the form’s rules, and features four', () => {
    const ids = new Set(demoProducts.map((p) => slugify(p.productName)))
    for (const [id, placement] of Object.entries(demoPlacement)) {
      expect(ids.has(id), id).toBe(true)
      const related = placement.productRelated ?? []
      expect(related.length, id).toBeLessThanOrEqual(MAX_RELATED)
      expect(
        related.filter((other) => !ids.has(other) || other === id),
        id,
      ).toEqual([])
      expect(productFieldsSchema.shape.productRelated.safeParse(related).success, id).toBe(true)
    }
    expect(Object.values(demoPlacement).filter((placement) => placement.productFeatured)).toHaveLength(4)
    expect(demoPlacement['unidrone-e900']?.productUseCases).toBe(true)
  })

  it('has at least four products in each of the five categories', () => {
    expect(CATEGORIES).toHaveLength(5)
    for (const category of CATEGORIES) {
      expect(demoProducts.filter((p) => p.productCategory === category).length, category).toBeGreaterThanOrEqual(4)
    }
  })

  it('includes the UniDrone E900 with the id unidrone-e900', () => {
    const e900 = demoProducts.find((p) => p.productName === 'UniDrone E900')
    expect(e900).toBeDefined()
    expect(slugify(e900!.productName)).toBe('unidrone-e900')
  })

  it('gives every product a unique id and a unique STUPID', () => {
    const ids = demoProducts.map((p) => slugify(p.productName))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every((id) => id.length > 0)).toBe(true)
    const stupids = demoProducts.map((p) => p.STUPID)
    expect(new Set(stupids).size).toBe(stupids.length)
  })

  it.each(demoProducts.map((p) => [p.productName, p] as const))('%s has complete product data', (_name, p) => {
    expect(p.productDescriptions.length).toBeGreaterThanOrEqual(6)
    const cardText = p.productDescriptions[5]!.description
    expect(cardText.length).toBeGreaterThan(0)
    expect(cardText.length).toBeLessThanOrEqual(140)
    expect(p.productFeatures.length).toBeGreaterThanOrEqual(1)
    expect(p.productSpecifications.length).toBeGreaterThanOrEqual(1)
    expect(p.productDimensions.length).toBeGreaterThanOrEqual(1)
    expect(p.productShipping.length).toBeGreaterThanOrEqual(1)
    expect(p.productImages.length).toBeGreaterThanOrEqual(2)
    for (const image of p.productImages) expect(image.label.trim().length).toBeGreaterThan(0)
    expect(p.productDownloads.length).toBeGreaterThanOrEqual(1)
    const price = p.productPrices[0]?.value
    expect(Number.isInteger(price)).toBe(true)
    expect(price).toBeGreaterThan(0)
  })

  it('names only image and manual files that exist under public/', () => {
    for (const p of demoProducts) {
      for (const image of p.productImages) {
        const file = publicFile(image.value)
        expect(existsSync(file) && statSync(file).isFile(), image.value).toBe(true)
      }
      for (const download of p.productDownloads) {
        const file = publicFile(download.value)
        expect(existsSync(file) && statSync(file).isFile(), download.value).toBe(true)
        expect(readFileSync(file).subarray(0, 5).toString('latin1'), download.value).toBe('%PDF-')
      }
    }
  })
})
