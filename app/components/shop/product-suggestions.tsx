import { useEffect, useId, useRef, useState } from 'react'
import { formatAud } from '../../lib/money'
import { parseSearchQuery } from '../../lib/search'

/** One suggested product, as `/api/search/suggest` answers (price in cents). */
export interface Suggestion {
  id: string
  name: string
  price: number | null
}

/** Wait after the last key before asking for suggestions. */
const DEBOUNCE_MS = 150

/**
 * A text field that suggests products while typing (WAI-ARIA Authoring Practices, "list
 * autocomplete"), for the header's search box and the product form's related products: after two
 * characters it asks `/api/search/suggest` for up to six; ArrowDown/ArrowUp move through them (past
 * the last comes the first), Enter or a click chooses one, Escape closes the list, and a live region
 * says how many there are. Until the page is hydrated the field is a plain text field.
 *
 * Spread `inputProps` on the `<input>` and render `listbox` after it, inside a `relative` box.
 * `onKeyDown` answers whether it used the key, so the field may give other keys a meaning of its own.
 */
export function useProductSuggestions({
  value,
  onValueChange,
  onChoose,
  label,
  noneFound = 'No suggestions.',
}: {
  value: string
  onValueChange: (text: string) => void
  onChoose: (suggestion: Suggestion) => void
  /** The list's accessible name. */
  label: string
  /** What the live region says when nothing matches. */
  noneFound?: string
}) {
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
            found.length === 0 ? noneFound : `${found.length} ${found.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrow keys to choose.`,
          )
        })
        // A request replaced by a newer one, or a network hiccup: the field still works.
        .catch(() => {})
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value, enhanced, inputId, noneFound])

  const expanded = enhanced && open && suggestions.length > 0
  const choose = (suggestion: Suggestion) => {
    setOpen(false)
    setActive(-1)
    onChoose(suggestion)
  }
  /** Closes the list, as a new page or a chosen item does. */
  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>): boolean => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return false
      event.preventDefault()
      if (!expanded) {
        setOpen(true)
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1)
        return true
      }
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index < 0 ? (step > 0 ? 0 : suggestions.length - 1) : (index + step + suggestions.length) % suggestions.length))
      return true
    }
    if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault()
      choose(suggestions[active]!)
      return true
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      close()
      return true
    }
    return false
  }

  const inputProps = {
    id: inputId,
    value,
    autoComplete: 'off',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      onValueChange(event.target.value)
      setOpen(true)
    },
    onFocus: () => setOpen(true),
    onBlur: () => setOpen(false),
    ...(enhanced
      ? {
          role: 'combobox',
          'aria-autocomplete': 'list' as const,
          'aria-expanded': expanded,
          'aria-controls': listId,
          'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
        }
      : {}),
  }

  const listbox = enhanced ? (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
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
  ) : null

  return { inputId, inputProps, listbox, onKeyDown, close }
}
