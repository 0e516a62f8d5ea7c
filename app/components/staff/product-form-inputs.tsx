import { TextareaField } from '../ui/textarea-field'
import { TextField } from '../ui/text-field'

/**
 * A field of the product form: the kit's text field (or text area, with `rows`) in the staff
 * forms' size, controlled by the form's state, which takes the text rather than the event.
 */
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
  const frame = { id, label, error, hint, requiredMark: required, placeholder, disabled, size: 'sm', className: wide ? 'sm:col-span-2' : undefined } as const
  return rows ? (
    <TextareaField {...frame} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
  ) : (
    <TextField {...frame} type="text" inputMode={inputMode} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
  )
}

export function Arrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <path d={direction === 'up' ? 'M10 16V4m0 0l-5 5m5-5l5 5' : 'M10 4v12m0 0l-5-5m5 5l5-5'} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}
