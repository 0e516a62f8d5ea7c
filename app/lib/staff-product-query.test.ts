import { describe, expect, it } from 'vitest'
import { parseStaffProductQuery, staffProductQueryString } from './staff-product-query.ts'

const parse = (text: string) => parseStaffProductQuery(new URLSearchParams(text))

describe('the staff products list query', () => {
  it('reads what it knows and leaves out the rest, never failing', () => {
    expect(parse('')).toEqual({ q: '', category: '', status: '', stock: '', sort: 'name', page: 1 })
    expect(parse('q=%20motor%20&category=propulsion&status=draft&stock=low&sort=price-desc&page=3')).toEqual({
      q: 'motor',
      category: 'propulsion',
      status: 'draft',
      stock: 'low',
      sort: 'price-desc',
      page: 3,
    })
    expect(parse('category=drones&status=gone&stock=lots&sort=cheapest&page=0')).toEqual({ q: '', category: '', status: '', stock: '', sort: 'name', page: 1 })
    expect(parse('page=2.5').page).toBe(1)
    expect(parse(`q=${'x'.repeat(300)}`).q).toHaveLength(100)
  })

  it('writes one normal query string, defaults left out, and changes one part', () => {
    const query = parse('sort=updated&q=cam&page=2')
    expect(staffProductQueryString(query)).toBe('?q=cam&sort=updated&page=2')
    expect(staffProductQueryString(query, { page: 1 })).toBe('?q=cam&sort=updated')
    expect(staffProductQueryString(parse(''))).toBe('')
  })
})
