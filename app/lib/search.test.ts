import { describe, expect, it } from 'vitest'
import { foldSearchText, parseSearchQuery, prefixTsquery, searchPath, searchRequestOf } from './search'

describe('search text folding', () => {
  it.each([
    ['UniPilot X7 Pro', 'unipilot x7 pro'],
    ['CAMÉRA', 'camera'],
    ['  caméra   thermique ', 'camera thermique'],
    ['UniProp 22×7.8 Carbon', 'uniprop 22 7 8 carbon'],
    ['Link & Controllers', 'link controllers'],
    ["x' OR 1=1; --", 'x or 1 1'],
    ['%_\\', ''],
  ])('%j folds to %j', (value, folded) => {
    expect(foldSearchText(value)).toBe(folded)
  })
})

describe('search query parsing', () => {
  it('keeps folded words as terms', () => {
    expect(parseSearchQuery('  FPV   Caméra ')).toEqual({ text: 'fpv camera', terms: ['fpv', 'camera'] })
  })

  it.each([null, undefined, '', '   ', 'a', 'é', '!!', '-- x --'])('%j is no search', (raw) => {
    expect(parseSearchQuery(raw)).toBeNull()
  })

  it('takes two characters as a search', () => {
    expect(parseSearchQuery('x7')).toEqual({ text: 'x7', terms: ['x7'] })
  })

  it('keeps only letters and digits, so quotes and tsquery operators never reach the query', () => {
    const query = parseSearchQuery("cam' & !(x:* | y) <-> z\\")!
    expect(query.terms).toEqual(['cam', 'x', 'y', 'z'])
    expect(prefixTsquery(query.terms)).toBe("'cam':* & 'x':* & 'y':* & 'z':*")
  })

  it('cuts long queries and many words', () => {
    expect(parseSearchQuery('w '.repeat(50))!.terms).toHaveLength(8)
    expect(parseSearchQuery('a'.repeat(500))!.text).toHaveLength(100)
  })

  it('builds weighted prefix queries', () => {
    expect(prefixTsquery(['x7', 'pro'], 'A')).toBe("'x7':*A & 'pro':*A")
    expect(prefixTsquery(['camera'], 'AB')).toBe("'camera':*AB")
  })
})

describe('the search address', () => {
  const read = (search: string) => searchRequestOf(new URLSearchParams(search))

  it('reads q and page', () => {
    expect(read('q=autopilot&page=2')).toEqual({ typed: 'autopilot', query: { text: 'autopilot', terms: ['autopilot'] }, page: 2 })
    expect(read('')).toEqual({ typed: '', query: null, page: 1 })
    expect(read('q=a')).toEqual({ typed: 'a', query: null, page: 1 })
  })

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=', 'page=100000', 'page=x'])('%s is not a page', (search) => {
    expect(read(`q=camera&${search}`)).toBeNull()
  })

  it('links pages', () => {
    expect(searchPath('fpv camera')).toBe('/search?q=fpv+camera')
    expect(searchPath('x & y', 2)).toBe('/search?q=x+%26+y&page=2')
  })
})
