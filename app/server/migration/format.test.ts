import { describe, expect, it } from 'vitest'
import { canonicalJson, exportEntry, exportFooter, exportHeader, isMigrationCollection, isScreenCollection } from './format.ts'

const file = (entries: { id: string; document: Record<string, unknown> }[]) =>
  exportHeader('products') + entries.map((entry, index) => exportEntry(entry, index === 0)).join('') + exportFooter(entries.length === 0)

describe('the export file layout', () => {
  it('keeps a document’s own fields in their order and sorts the keys of nested objects', () => {
    const text = canonicalJson({ FBUID: 'a', productName: 'A', productPrices: [{ value: 100, label: 'Price', description: 'price_1' }] })
    expect(text).toBe(
      [
        '{',
        '  "FBUID": "a",',
        '  "productName": "A",',
        '  "productPrices": [',
        '    {',
        '      "description": "price_1",',
        '      "label": "Price",',
        '      "value": 100',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    )
  })

  it('gives the same text whatever order the database returned nested keys in', () => {
    const one = canonicalJson({ id: 'x', nested: { b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } } })
    const two = canonicalJson({ id: 'x', nested: { a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 } })
    expect(one).toBe(two)
  })

  it('sorts keys that look like numbers as text, as JSON.stringify would not', () => {
    expect(canonicalJson({ top: { '10': 'ten', '9': 'nine', b: 'bee' } })).toBe('{\n  "top": {\n    "10": "ten",\n    "9": "nine",\n    "b": "bee"\n  }\n}')
  })

  it('writes empty lists and objects, nulls, escapes and dates plainly', () => {
    expect(canonicalJson({ list: [], object: {}, none: null, quote: 'say "hi"\n', when: new Date('2024-05-01T02:03:04.005Z') })).toBe(
      '{\n  "list": [],\n  "object": {},\n  "none": null,\n  "quote": "say \\"hi\\"\\n",\n  "when": "2024-05-01T02:03:04.005Z"\n}',
    )
  })

  it('leaves out fields that are undefined, as JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{\n  "a": 1\n}')
  })

  it('is a JSON file with a format, a version, the collection and the documents keyed by id', () => {
    const documents = [
      { id: 'b-product', document: { FBUID: 'b-product', productName: 'B product' } },
      { id: 'a "quoted" id', document: { FBUID: 'a "quoted" id', productName: 'A' } },
    ]
    expect(JSON.parse(file(documents))).toEqual({
      format: 'unidrone-shop-export',
      version: 1,
      collection: 'products',
      documents: { 'b-product': documents[0]!.document, 'a "quoted" id': documents[1]!.document },
    })
    expect(file(documents).endsWith('}\n')).toBe(true)
  })

  it('writes an empty collection as an empty documents object', () => {
    expect(JSON.parse(file([]))).toEqual({ format: 'unidrone-shop-export', version: 1, collection: 'products', documents: {} })
  })

  it('knows the collections', () => {
    expect(['products', 'templates', 'contacts', 'profiles', 'promotions', 'orders', 'history', 'images'].every(isMigrationCollection)).toBe(true)
    expect(isMigrationCollection('checkouts')).toBe(false)
    // Images go through npm run data only: the staff screen offers the rest.
    expect(['products', 'templates', 'contacts', 'profiles', 'promotions', 'orders', 'history'].every(isScreenCollection)).toBe(true)
    expect(isScreenCollection('images')).toBe(false)
  })
})
