import { describe, expect, it } from 'vitest'
import { categoryCanonicalPath, categoryPageHref, categoryQueryOf, categoryQueryString, DEFAULT_CATEGORY_QUERY, priceFieldValue } from './category-query'

const read = (query: string) => categoryQueryOf(new URLSearchParams(query))

describe('reading a category page query string', () => {
  it('no query is the first page of the default view', () => {
    expect(read('')).toEqual(DEFAULT_CATEGORY_QUERY)
  })

  it('reads sort, in stock only, price bounds in dollars and the page', () => {
    expect(read('sort=price-desc&stock=in&min=100&max=499.5&page=3')).toEqual({
      page: 3,
      sort: 'price-desc',
      inStock: true,
      minCents: 10000,
      maxCents: 49950,
    })
    expect(read('sort=newest')?.sort).toBe('newest')
    expect(read('stock=1')?.inStock).toBe(true)
    expect(read('min=$25.05')?.minCents).toBe(2505)
  })

  it('ignores what it does not know instead of failing', () => {
    expect(read('sort=cheapest&stock=maybe&min=ten&max=-5&colour=red')).toEqual(DEFAULT_CATEGORY_QUERY)
    expect(read('min=1.234&max=1e9')).toEqual(DEFAULT_CATEGORY_QUERY)
    expect(read('max=9999999')?.maxCents).toBeNull()
  })

  it('looks sorts up as own keys only', () => {
    for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(read(`sort=${sort}`)?.sort).toBe('featured')
  })

  it('swaps bounds given the wrong way round; a minimum of $0 is no bound', () => {
    expect(read('min=500&max=100')).toMatchObject({ minCents: 10000, maxCents: 50000 })
    expect(read('min=0&max=100')).toMatchObject({ minCents: null, maxCents: 10000 })
    expect(read('min=0')?.minCents).toBeNull()
    expect(read('max=0')?.maxCents).toBe(0)
  })

  it('a page that is not a whole number from 1 is not a page', () => {
    for (const page of ['0', '-1', 'abc', '1.5', '100000', '']) expect(read(`page=${page}`)).toBeNull()
    expect(read('page=99999')?.page).toBe(99999)
  })

  it('takes the first of repeated parameters', () => {
    expect(read('sort=name&sort=newest')?.sort).toBe('name')
  })
})

describe('building the links of a category page', () => {
  const query = { page: 2, sort: 'price-asc', inStock: true, minCents: 5050, maxCents: 20000 } as const

  it('writes one normal form: fixed order, defaults left out', () => {
    expect(categoryQueryString(DEFAULT_CATEGORY_QUERY)).toBe('')
    expect(categoryQueryString(query)).toBe('?sort=price-asc&stock=in&min=50.50&max=200&page=2')
    expect(categoryQueryString({ ...DEFAULT_CATEGORY_QUERY, page: 4 })).toBe('?page=4')
  })

  it('reading the normal form gives the same view back', () => {
    expect(read(categoryQueryString(query).slice(1))).toEqual(query)
    // Two spellings of one view have one normal form (the page cache's key).
    expect(categoryQueryString(read('page=2&max=200.00&stock=true&min=50.5&sort=price-asc&utm_source=x')!)).toBe(categoryQueryString(query))
  })

  it('page links keep the view and change the page; the first page has no page parameter', () => {
    expect(categoryPageHref('cameras', query, 3)).toBe('/products/cameras?sort=price-asc&stock=in&min=50.50&max=200&page=3')
    expect(categoryPageHref('cameras', query, 1)).toBe('/products/cameras?sort=price-asc&stock=in&min=50.50&max=200')
    expect(categoryPageHref('cameras', DEFAULT_CATEGORY_QUERY, 1)).toBe('/products/cameras')
    // Every product (/products) pages the same way.
    expect(categoryPageHref(null, query, 2)).toBe('/products?sort=price-asc&stock=in&min=50.50&max=200&page=2')
    expect(categoryPageHref(null, DEFAULT_CATEGORY_QUERY, 1)).toBe('/products')
  })

  it('the canonical address of a page of the default view is itself; of a sorted or filtered view, the category', () => {
    expect(categoryCanonicalPath('propulsion', { ...DEFAULT_CATEGORY_QUERY, page: 2 })).toBe('/products/propulsion?page=2')
    expect(categoryCanonicalPath('propulsion', DEFAULT_CATEGORY_QUERY)).toBe('/products/propulsion')
    expect(categoryCanonicalPath('propulsion', query)).toBe('/products/propulsion')
    expect(categoryCanonicalPath(null, { ...DEFAULT_CATEGORY_QUERY, page: 2 })).toBe('/products?page=2')
    expect(categoryCanonicalPath(null, query)).toBe('/products')
  })

  it('shows price bounds again in dollars', () => {
    expect(priceFieldValue(null)).toBe('')
    expect(priceFieldValue(12345)).toBe('123.45')
    expect(priceFieldValue(12300)).toBe('123')
  })
})
