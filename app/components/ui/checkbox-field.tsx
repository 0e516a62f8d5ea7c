import { useId } from 'react'
import { controlAria, FieldNotes } from './field'

type CheckboxAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'onChange'>

/** The look of a checkbox; a bare one (a row's "Select" in a table) takes it too. */
export const checkboxClass = 'h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-700 focus:ring-brand-600'

/** A bare checkbox whose accessible name comes from `aria-label` (a row of a table, named by the row). */
export function Checkbox({ onCheckedChange, ...input }: { onCheckedChange?: (checked: boolean) => void } & CheckboxAttributes) {
  return (
    <input type="checkbox" className={checkboxClass} onChange={onCheckedChange ? (event) => onCheckedChange(event.target.checked) : undefined} {...input} />
  )
}

/**
 * A checkbox with its label beside it, and, where there is one, its hint and the message of a
 * refused value under it, both tied to it for screen readers. Uncontrolled (`name`,
 * `defaultChecked`: the form sends it) or controlled (`checked`, `onCheckedChange`). A label with a
 * hint is a setting's title and is set in medium weight; a lone label reads as a sentence.
 */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  className,
  onCheckedChange,
  ...input
}: {
  id?: string
  label: React.ReactNode
  hint?: React.ReactNode
  error?: string
  className?: string
  onCheckedChange?: (checked: boolean) => void
} & CheckboxAttributes) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={fieldId}
          type="checkbox"
          {...controlAria(fieldId, { hint, error })}
          onChange={onCheckedChange ? (event) => onCheckedChange(event.target.checked) : undefined}
          className={`mt-0.5 ${checkboxClass}`}
          {...input}
        />
        <label htmlFor={fieldId} className={`text-sm ${hint ? 'font-medium' : ''}`}>
          {label}
        </label>
      </div>
      <FieldNotes id={fieldId} hint={hint} error={error} />
    </div>
  )
}
