import { Field, useFieldParts, type FieldProps } from './field'

/** A labelled text area: the same frame, look and ties as `TextField`. */
export function TextareaField(props: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const { frame, ties, box, control } = useFieldParts(props)
  return (
    <Field {...frame}>
      <textarea {...ties} className={box()} {...control} />
    </Field>
  )
}
