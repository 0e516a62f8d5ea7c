import { describe, expect, it } from 'vitest'
import { diffDocuments } from './history-diff'

describe('what changed between two versions', () => {
  it('lists only the fields that differ, arrays compared by content', () => {
    const before = { FBUID: 'a', productName: 'A', productPrices: [{ value: 100, label: 'Price', description: '' }], STUPID: 'prod_1' }
    const after = { FBUID: 'a', productName: 'A', productPrices: [{ value: 120, label: 'Price', description: '' }], STUPID: 'prod_1' }
    expect(diffDocuments(before, after)).toEqual([{ field: 'productPrices', before: before.productPrices, after: after.productPrices }])
  })

  it('shows every field of a first version as new, and ignores bookkeeping fields', () => {
    expect(diffDocuments(null, { FBUID: 'a', templateName: 'T', updatedAt: 'x', version: 2 })).toEqual([
      { field: 'FBUID', before: undefined, after: 'a' },
      { field: 'templateName', before: undefined, after: 'T' },
    ])
  })

  it('reports fields that were removed and finds no change between equal versions', () => {
    expect(diffDocuments({ a: 1, b: 2 }, { a: 1 })).toEqual([{ field: 'b', before: 2, after: undefined }])
    expect(diffDocuments({ a: [1, { x: 'y' }] }, { a: [1, { x: 'y' }] })).toEqual([])
  })
})
