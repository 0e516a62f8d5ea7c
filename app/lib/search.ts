/**
 * The search box's query, read the same way by the results page and the suggestions endpoint, and
 * turned into the text and full-text queries the database runs (app/server/catalog/search.server.ts).
 * Shared by the browser (the suggestions' minimum length) and the server. docs/domain.md, Search.
 */

/** Fewer characters than this (after folding) is no search: the page shows the form alone. */
export const MIN_QUERY_LENGTH = 2
/** A query is cut to this many characters before it is read: nobody types more into a search box. */
export const MAX_QUERY_LENGTH = 100
/** Words after this many are ignored (each one is a term every result must match). */
export const MAX_TERMS = 8
/** Result cards on one page, as on category pages. */
export const SEARCH_PAGE_SIZE = 24
/** Suggestions under the search box. */
export const SUGGESTION_LIMIT = 6

export interface SearchQuery {
  /** The folded words joined by single spaces: what names are compared with (exact, prefix, trigrams). */
  text: string
  /** The folded words, each letters and digits only. */
  terms: string[]
}

/**
 * Folds a text as the database's `search_fold()` does (drizzle/0012_search.sql): accents removed
 * (NFKD, combining marks dropped, as product ids are made: decision 004), lower case, every run of
 * characters that are neither letters nor digits one space, none at either end.
 */
export function foldSearchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * The query a visitor typed, or null when there is nothing to search for (missing, blank, shorter
 * than MIN_QUERY_LENGTH once folded). Anything typed is safe here: only letters and digits survive
 * into the terms, and the terms reach SQL as parameters, never as SQL text.
 */
export function parseSearchQuery(raw: string | null | undefined): SearchQuery | null {
  if (typeof raw !== 'string') return null
  const terms = foldSearchText(raw.slice(0, MAX_QUERY_LENGTH)).split(' ').filter(Boolean).slice(0, MAX_TERMS)
  const text = terms.join(' ')
  if (text.length < MIN_QUERY_LENGTH) return null
  return { text, terms }
}

/**
 * A `to_tsquery` text in which every term must match as a prefix (`'x7':* & 'pro':*`), so that a
 * word being typed already finds its products. `weights` limits where the terms may match: `A` the
 * name, `AB` the name, category and features (the search document's weights).
 */
export function prefixTsquery(terms: string[], weights = ''): string {
  return terms.map((term) => `'${term}':*${weights}`).join(' & ')
}

/** The search box's form as the address bar shows it: `q` (as typed) and `page` (from 1). */
export interface SearchRequest {
  /** What was typed, trimmed and cut to MAX_QUERY_LENGTH: shown back in the box. */
  typed: string
  query: SearchQuery | null
  page: number
}

/**
 * Reads `?q=…&page=…`. No page is page 1; a page that is not a whole number from 1 to 99,999 is
 * null (not a page: 404), as on category lists. A `q` given twice takes the first.
 */
export function searchRequestOf(search: URLSearchParams): SearchRequest | null {
  const page = search.get('page')
  if (page !== null && !/^[1-9]\d{0,4}$/.test(page)) return null
  const typed = (search.get('q') ?? '').slice(0, MAX_QUERY_LENGTH).trim()
  return { typed, query: parseSearchQuery(typed), page: page === null ? 1 : Number(page) }
}

/** The address of a page of results. */
export function searchPath(typed: string, page = 1): string {
  const params = new URLSearchParams({ q: typed })
  if (page > 1) params.set('page', String(page))
  return `/search?${params.toString()}`
}
