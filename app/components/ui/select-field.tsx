import { useId } from 'react'
import { controlAria, controlClass, controlLayout, Field, type ControlSize, type FieldFrame } from './field'

type SelectAttributes = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'className'>

/**
 * A labelled select, uncontrolled (the form sends it) or controlled. `options` are value → label,
 * in order, and `first` an extra option before them, such as "All categories" for the empty value;
 * a select with groups passes its `<option>`s and `<optgroup>`s as children instead.
 */
export function SelectField({
  id,
  name,
  label,
  labelLook = 'default',
  layout,
  note,
  optional,
  requiredMark,
  hint,
  error,
  className,
  size,
  controlWidth,
  options,
  first,
  children,
  ...select
}: FieldFrame & {
  id?: string
  name?: string
  size?: ControlSize
  controlWidth?: string
  options?: Readonly<Record<string, string>>
  first?: readonly [value: string, label: string]
  children?: React.ReactNode
} & SelectAttributes) {
  const generated = useId()
  const fieldId = id ?? name ?? generated
  return (
    <Field id={fieldId} label={label} labelLook={labelLook} note={note} optional={optional} requiredMark={requiredMark} hint={hint} error={error} className={className} layout={layout}>
      <select
        id={fieldId}
        name={name ?? id}
        {...controlAria(fieldId, { hint, error, requiredMark })}
        className={controlClass({ size, invalid: Boolean(error), className: controlLayout(labelLook, controlWidth, layout) })}
        {...select}
      >
        {first ? <option value={first[0]}>{first[1]}</option> : null}
        {options
          ? Object.entries(options).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))
          : null}
        {children}
      </select>
    </Field>
  )
}
