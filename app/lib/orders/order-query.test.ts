import { describe, expect, it } from 'vitest'
import { csvCell, dateFilterProblem, filterStates, orderQueryString, parseOrderQuery } from './order-query'

describe('the staff orders list query', () => {
  it('reads what it knows and leaves out the rest', () => {
    expect(parseOrderQuery(new URLSearchParams('q=%20bea%20&filter=shipped&from=2026-07-01&to=2026-09-30&sort=total-desc&page=3'))).toEqual({
      view: 'orders',
      q: 'bea',
      filter: 'shipped',
      reason: '',
      from: '2026-07-01',
      to: '2026-09-30',
      sort: 'total-desc',
      page: 3,
    })
    // Names every object has are not filters or sorts.
    expect(parseOrderQuery(new URLSearchParams('filter=constructor&sort=toString'))).toMatchObject({ filter: '', sort: 'newest' })
    expect(filterStates('refunded')).toEqual({ statuses: ['paid'], refunded: true })
    expect(filterStates('cancelled')).toEqual({ statuses: ['paid', 'invoiced'], fulfilment: 'cancelled' })
    expect(filterStates('on-account')).toEqual({ statuses: ['invoiced'] })
    expect(parseOrderQuery(new URLSearchParams('filter=lost&from=2026-13-45&to=yesterday&sort=random&page=-2&view=all&reason=bored'))).toEqual({
      view: 'orders',
      q: '',
      filter: '',
      reason: '',
      from: '',
      to: '',
      sort: 'newest',
      page: 1,
    })
  })

  it('names a date filter it cannot use: not a real day, or outside 2000 to 2100', () => {
    const problem = (query: string) => dateFilterProblem(new URLSearchParams(query))
    expect(problem('')).toBeNull()
    expect(problem('from=&to=')).toBeNull()
    expect(problem('from=2000-01-01&to=2100-12-31')).toBeNull()
    expect(problem('from=2024-02-29')).toBeNull()
    expect(problem('from=0001-01-01')).toBe('“From” must be a day from 2000-01-01 to 2100-12-31, written YYYY-MM-DD.')
    expect(problem('to=9999-12-31')).toBe('“To” must be a day from 2000-01-01 to 2100-12-31, written YYYY-MM-DD.')
    expect(problem('from=1999-12-31')).not.toBeNull()
    expect(problem('to=2101-01-01')).not.toBeNull()
    expect(problem('from=2026-02-31')).not.toBeNull()
    expect(problem('from=2025-02-29')).not.toBeNull()
    expect(problem('to=yesterday')).not.toBeNull()
    // A day that cannot be used is left out of the query too.
    expect(parseOrderQuery(new URLSearchParams('from=0001-01-01&to=2026-02-31'))).toMatchObject({ from: '', to: '' })
  })

  it('reads the abandoned checkouts view with its reason; the older failed and expired filters open it', () => {
    expect(parseOrderQuery(new URLSearchParams('view=abandoned&reason=cancelled&filter=to-pack'))).toMatchObject({
      view: 'abandoned',
      reason: 'cancelled',
      filter: '',
    })
    expect(parseOrderQuery(new URLSearchParams('view=abandoned&reason=constructor'))).toMatchObject({ view: 'abandoned', reason: '' })
    // A reason means nothing among orders.
    expect(parseOrderQuery(new URLSearchParams('reason=declined'))).toMatchObject({ view: 'orders', reason: '' })
    expect(parseOrderQuery(new URLSearchParams('filter=failed'))).toMatchObject({ view: 'abandoned', reason: 'declined', filter: '' })
    expect(parseOrderQuery(new URLSearchParams('filter=expired'))).toMatchObject({ view: 'abandoned', reason: '', filter: '' })
    const query = parseOrderQuery(new URLSearchParams('view=abandoned&reason=expired&q=pat'))
    expect(orderQueryString(query)).toBe('?view=abandoned&q=pat&reason=expired')
    expect(orderQueryString(query, { page: 2 })).toBe('?view=abandoned&q=pat&reason=expired&page=2')
  })

  it('writes links with the defaults left out', () => {
    const query = parseOrderQuery(new URLSearchParams('q=UD-&filter=to-pack'))
    expect(orderQueryString(query)).toBe('?q=UD-&filter=to-pack')
    expect(orderQueryString(query, { page: 2 })).toBe('?q=UD-&filter=to-pack&page=2')
    expect(orderQueryString(parseOrderQuery(new URLSearchParams()))).toBe('')
  })

  it('maps filters to payment and fulfilment states', () => {
    expect(filterStates('to-pack')).toEqual({ statuses: ['paid', 'invoiced'], fulfilment: 'unfulfilled' })
    expect(filterStates('ready')).toEqual({ statuses: ['paid', 'invoiced'], fulfilment: 'ready' })
    expect(filterStates('pending')).toEqual({ statuses: ['pending'] })
    expect(filterStates('')).toEqual({})
  })

  it('makes CSV cells that a spreadsheet reads as text', () => {
    expect(csvCell('Bea, "the buyer"')).toBe('"Bea, ""the buyer"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+61 7 3000 0000')).toBe("'+61 7 3000 0000")
    expect(csvCell(12.5)).toBe('12.5')
    expect(csvCell(null)).toBe('')
  })

  it('leaves negative amounts as numbers, and still neutralises text that starts with a minus', () => {
    expect(csvCell('-12.50')).toBe('-12.50')
    expect(csvCell(-12.5)).toBe('-12.5')
    expect(csvCell('-3')).toBe('-3')
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('-12.50 refund')).toBe("'-12.50 refund")
    expect(csvCell('-1e3')).toBe("'-1e3")
    expect(csvCell('-')).toBe("'-")
    expect(csvCell('-A1*2')).toBe("'-A1*2")
    // A phone number keeps its plus as text rather than turning into a number.
    expect(csvCell('+61730000000')).toBe("'+61730000000")
  })
})
