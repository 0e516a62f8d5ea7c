import { buttonClass } from '../ui/button'
import { FieldError } from '../ui/field-error'
import { fieldClass } from '../ui/text-field'

/** The small buttons of an item (move, remove, add). */
export const smallButton = buttonClass({ variant: 'secondary', size: 'sm', className: 'font-medium disabled:opacity-40' })

/** A labelled input or text area of the product form, controlled, with its message and hint. */
export function FormTextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  rows,
  placeholder,
  inputMode,
  wide,
  disabled,
}: {
  id: string
  label: string
  value: string
  onChange: (text: string) => void
  error: string | undefined
  hint?: string
  required?: boolean
  rows?: number
  placeholder?: string
  inputMode?: 'decimal' | 'url' | 'numeric'
  wide?: boolean
  disabled?: boolean
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  const shared = {
    id,
    value,
    placeholder,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? true : undefined,
    className: `${fieldClass(!!error)} text-sm`,
  } as const
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required ? (
          <>
            {' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </>
        ) : null}
      </label>
      {rows ? (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" inputMode={inputMode} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`} message={error} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export function Arrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <path d={direction === 'up' ? 'M10 16V4m0 0l-5 5m5-5l5 5' : 'M10 4v12m0 0l-5-5m5 5l5-5'} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}
