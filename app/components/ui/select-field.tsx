import { Field, useFieldParts, type FieldProps } from './field'

/**
 * A labelled select, uncontrolled (the form sends it) or controlled; its name is its id unless one
 * is given. `options` are value → label, in order, and `first` an extra option before them, such
 * as "All categories" for the empty value; a select with groups passes its `<option>`s and
 * `<optgroup>`s as children instead.
 */
export function SelectField({
  options,
  first,
  children,
  ...props
}: FieldProps & {
  options?: Readonly<Record<string, string>>
  first?: readonly [value: string, label: string]
  children?: React.ReactNode
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'className'>) {
  const { frame, ties, box, control } = useFieldParts(props)
  return (
    <Field {...frame}>
      <select {...ties} name={props.name ?? props.id} className={box()} {...control}>
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
