import { FieldError } from './field-error'

/** A checkbox of the staff forms, with its hint and the message of a refused value, both tied to it for screen readers. */
export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  id: string
  label: string
  hint: string
  checked: boolean
  onChange: (checked: boolean) => void
  error: string | undefined
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
        {hint}
      </p>
    </div>
  )
}
