import { useId } from 'react'
import { controlAria, controlClass, controlLayout, Field, type ControlSize, type FieldFrame } from './field'

type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'size' | 'className'>

/** A bare text input in the shop's look, for a control whose label is elsewhere (a search box with its own layout). */
export function Input({ size, invalid, className, ...input }: { size?: ControlSize; invalid?: boolean; className?: string } & InputAttributes) {
  return <input aria-invalid={invalid ? true : undefined} className={controlClass({ size, invalid, readOnly: input.readOnly, className })} {...input} />
}

/**
 * A labelled input of the shop's forms, with an optional hint and the message of a refused value;
 * both are tied to the input for screen readers. Its id is its name unless one is given.
 * `controlWidth` replaces the full width of the input (`w-24`), `size` its density.
 */
export function TextField({
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
  inputClassName = '',
  ...input
}: FieldFrame & { id?: string; name?: string; size?: ControlSize; controlWidth?: string; inputClassName?: string } & InputAttributes) {
  const generated = useId()
  const fieldId = id ?? name ?? generated
  return (
    <Field id={fieldId} label={label} labelLook={labelLook} note={note} optional={optional} requiredMark={requiredMark} hint={hint} error={error} className={className} layout={layout}>
      <input
        id={fieldId}
        name={name}
        {...controlAria(fieldId, { hint, error, requiredMark })}
        className={controlClass({ size, invalid: Boolean(error), readOnly: input.readOnly, className: `${controlLayout(labelLook, controlWidth, layout)} ${inputClassName}` })}
        {...input}
      />
    </Field>
  )
}
