import { describe, expect, it } from 'vitest'
import { applyRenames, formatRenames, parseRenames, RenameError } from './renames.ts'

describe('field renames', () => {
  it('reads old=new, one per item or separated by commas and new lines', () => {
    const renames = parseRenames(['price=productPrices', ' name = productName ,\nid=FBUID', ''])
    expect(renames).toEqual([
      { from: 'price', to: 'productPrices' },
      { from: 'name', to: 'productName' },
      { from: 'id', to: 'FBUID' },
    ])
    expect(formatRenames(renames)).toBe('price=productPrices, name=productName, id=FBUID')
    expect(parseRenames([])).toEqual([])
  })

  it('refuses what is not a rename, a rename to itself and a field renamed twice', () => {
    expect(() => parseRenames(['price'])).toThrow(RenameError)
    expect(() => parseRenames(['price'])).toThrow('"price" is not a rename: write old=new, such as price=productPrices.')
    expect(() => parseRenames(['a=b=c'])).toThrow(/is not a rename/)
    expect(() => parseRenames(['=b'])).toThrow(/is not a rename/)
    expect(() => parseRenames(['a=a'])).toThrow(/renames a field to itself/)
    expect(() => parseRenames(['a=b', 'a=c'])).toThrow('"a" is renamed twice.')
  })

  it('renames the fields a document has, in order, and leaves the rest alone', () => {
    const document = { name: 'UniCam', price: [1], other: true }
    expect(applyRenames(document, parseRenames(['name=productName', 'price=productPrices', 'missing=gone']))).toEqual({
      document: { other: true, productName: 'UniCam', productPrices: [1] },
    })
    expect(document).toEqual({ name: 'UniCam', price: [1], other: true })
    expect(applyRenames(document, [])).toEqual({ document })
  })

  it('refuses a rename onto a field the document already has', () => {
    expect(applyRenames({ name: 'a', productName: 'b' }, parseRenames(['name=productName']))).toEqual({
      reason: 'It has both "name" and "productName", so "name" cannot be renamed to "productName".',
    })
  })
})
