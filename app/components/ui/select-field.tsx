/** The look of a staff form's filter controls. */
export const controlClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm'

/**
 * A labelled select of the staff screens' plain GET and POST forms (uncontrolled: the form sends
 * it). `options` are value → label, in order; `first` is an extra option before them, such as
 * "All categories" for the empty value.
 */
export function SelectField({
  id,
  name = id,
  label,
  defaultValue,
  options,
  first,
  className = '',
}: {
  id: string
  name?: string
  label: string
  defaultValue: string
  options: Readonly<Record<string, string>>
  first?: readonly [value: string, label: string]
  className?: string
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={controlClass}>
        {first ? <option value={first[0]}>{first[1]}</option> : null}
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
