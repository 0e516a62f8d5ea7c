import { useEffect, useState } from 'react'
import { Form, useLocation, useNavigate } from 'react-router'
import { productPath } from '../../lib/catalog'
import { MAX_QUERY_LENGTH } from '../../lib/search'
import { useProductSuggestions } from './product-suggestions'
import { Button } from '../ui/button'

/**
 * The header's search form: a GET form to `/search` that works without JavaScript. With it, the
 * field suggests products while typing (product-suggestions.tsx): Enter opens the one chosen,
 * or searches when none is; Escape closes the list, or else empties the field.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const location = useLocation()
  const navigate = useNavigate()
  const onSearchPage = location.pathname === '/search'
  const typedHere = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '').slice(0, MAX_QUERY_LENGTH) : ''
  const [value, setValue] = useState(typedHere)
  const { inputProps, listbox, onKeyDown, close } = useProductSuggestions({
    value,
    onValueChange: setValue,
    onChoose: (suggestion) => navigate(productPath(suggestion.id)),
    label: 'Suggested products',
    noneFound: 'No suggestions. Press Enter to search.',
  })
  // A new page shows what it searched for (or nothing), and no list left open from the last one.
  useEffect(() => {
    setValue(typedHere)
    close()
  }, [location.pathname, location.search]) // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Form role="search" aria-label="Search the shop" action="/search" method="get" className={`relative ${className}`}>
      <label htmlFor={inputProps.id} className="sr-only">
        Search products
      </label>
      <div className="flex items-center rounded-md border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
        <input
          {...inputProps}
          type="search"
          name="q"
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search products"
          className="min-w-0 flex-1 rounded-md bg-transparent px-3 py-2 text-sm focus:outline-none"
          onKeyDown={(event) => {
            if (onKeyDown(event)) return
            if (event.key === 'Escape' && value) {
              event.preventDefault()
              setValue('')
            }
          }}
        />
        <Button type="submit" variant="ghost" size="icon" aria-label="Search">
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="6.5" />
            <path d="M16 16l4.5 4.5" />
          </svg>
        </Button>
      </div>
      {listbox}
    </Form>
  )
}
