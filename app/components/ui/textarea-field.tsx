import { useId } from 'react'
import { controlAria, controlClass, controlLayout, Field, type ControlSize, type FieldFrame } from './field'

type TextareaAttributes = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>

/** A labelled text area: the same frame, look and ties as `TextField`. */
export function TextareaField({
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
  ...textarea
}: FieldFrame & { id?: string; name?: string; size?: ControlSize; controlWidth?: string } & TextareaAttributes) {
  const generated = useId()
  const fieldId = id ?? name ?? generated
  return (
    <Field id={fieldId} label={label} labelLook={labelLook} note={note} optional={optional} requiredMark={requiredMark} hint={hint} error={error} className={className} layout={layout}>
      <textarea
        id={fieldId}
        name={name}
        {...controlAria(fieldId, { hint, error, requiredMark })}
        className={controlClass({ size, invalid: Boolean(error), className: controlLayout(labelLook, controlWidth, layout) })}
        {...textarea}
      />
    </Field>
  )
}
