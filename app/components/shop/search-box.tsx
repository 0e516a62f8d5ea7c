import { useEffect, useId, useRef, useState } from 'react'
import { Form, useLocation, useNavigate } from 'react-router'
import { productPath } from '../../lib/catalog'
import { formatAud } from '../../lib/money'
import { MAX_QUERY_LENGTH, parseSearchQuery } from '../../lib/search'

interface Suggestion {
  id: string
  name: string
  price: number | null
}

/** Wait after the last key before asking for suggestions. */
const DEBOUNCE_MS = 150

/**
 * The header's search form: a GET form to `/search` that works without JavaScript. With it, the
 * field becomes a combobox (WAI-ARIA Authoring Practices, "list autocomplete"): after two characters
 * it suggests up to six products (`/api/search/suggest`); ArrowDown/ArrowUp move through them,
 * Enter opens the one chosen (or searches when none is), Escape closes the list, and a live region
 * says how many there are. The list is an enhancement: until the page is hydrated the field is a
 * plain search field.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const location = useLocation()
  const navigate = useNavigate()
  const onSearchPage = location.pathname === '/search'
  const typedHere = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '').slice(0, MAX_QUERY_LENGTH) : ''
  const [value, setValue] = useState(typedHere)
  const [enhanced, setEnhanced] = useState(false)
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [announcement, setAnnouncement] = useState('')
  const ids = useId()
  const inputId = `${ids}-q`
  const listId = `${ids}-list`
  const optionId = (index: number) => `${ids}-option-${index}`
  const asked = useRef<AbortController | null>(null)

  useEffect(() => setEnhanced(true), [])
  // A new page shows what it searched for (or nothing), and no list left open from the last one.
  useEffect(() => {
    setValue(typedHere)
    setOpen(false)
    setActive(-1)
  }, [location.pathname, location.search]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!enhanced) return
    const query = parseSearchQuery(value)
    if (query === null) {
      asked.current?.abort()
      setSuggestions([])
      setOpen(false)
      setAnnouncement('')
      return
    }
    const timer = setTimeout(() => {
      asked.current?.abort()
      const controller = new AbortController()
      asked.current = controller
      fetch(`/api/search/suggest?${new URLSearchParams({ q: value })}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? (response.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then(({ suggestions: found }) => {
          if (controller.signal.aborted) return
          setSuggestions(found)
          setActive(-1)
          setOpen(document.activeElement?.id === inputId)
          setAnnouncement(
            found.length === 0
              ? 'No suggestions. Press Enter to search.'
              : `${found.length} ${found.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrow keys to choose.`,
          )
        })
        // A request replaced by a newer one, or a network hiccup: the form still searches.
        .catch(() => {})
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value, enhanced, inputId])

  const expanded = enhanced && open && suggestions.length > 0
  const choose = (suggestion: Suggestion) => {
    setOpen(false)
    navigate(productPath(suggestion.id))
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return
      event.preventDefault()
      if (!expanded) {
        setOpen(true)
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1)
        return
      }
      // Past the last comes the first again, and before the first the last.
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index < 0 ? (step > 0 ? 0 : suggestions.length - 1) : (index + step + suggestions.length) % suggestions.length))
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault()
      choose(suggestions[active]!)
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (value) {
        event.preventDefault()
        setValue('')
      }
    }
  }

  return (
    <Form role="search" aria-label="Search the shop" action="/search" method="get" className={`relative ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <div className="flex items-center rounded-md border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
        <input
          id={inputId}
          type="search"
          name="q"
          value={value}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search products"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md bg-transparent px-3 py-2 text-sm focus:outline-none"
          onChange={(event) => {
            setValue(event.target.value)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          {...(enhanced
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': expanded,
                'aria-controls': listId,
                'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
        />
        <button type="submit" className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:text-brand-700" aria-label="Search">
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="6.5" />
            <path d="M16 16l4.5 4.5" />
          </svg>
        </button>
      </div>
      {enhanced ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggested products"
            hidden={!expanded}
            className="absolute left-0 right-0 z-40 mt-1 max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {expanded
              ? suggestions.map((suggestion, index) => (
                  <li
                    key={suggestion.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className={`flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`}
                    // Keeps the focus in the field (its blur would close the list before the click).
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(suggestion)}
                  >
                    <span className="min-w-0 truncate">{suggestion.name}</span>
                    {suggestion.price !== null ? <span className="shrink-0 text-slate-500">{formatAud(suggestion.price)}</span> : null}
                  </li>
                ))
              : null}
          </ul>
          {/* A live region without the status role: the page's own status messages stay the only ones. */}
          <div aria-live="polite" aria-atomic="true" data-testid="suggestion-count" className="sr-only">
            {announcement}
          </div>
        </>
      ) : null}
    </Form>
  )
}
