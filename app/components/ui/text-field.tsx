import { controlClass, Field, useFieldParts, type ControlSize, type FieldProps } from './field'

type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'size' | 'className'>

/** A bare text input in the shop's look, for a control whose label is elsewhere. */
export function Input({ size, invalid, className, ...input }: { size?: ControlSize; invalid?: boolean; className?: string } & InputAttributes) {
  return <input aria-invalid={invalid ? true : undefined} className={controlClass({ size, invalid, readOnly: input.readOnly, className })} {...input} />
}

/**
 * A labelled input of the shop's forms, with an optional hint and the message of a refused value;
 * both are tied to the input for screen readers. Its id is its name unless one is given.
 * `controlWidth` replaces the full width of the input (`w-24`), `size` its density, and
 * `inputClassName` adds to its look (`font-mono`).
 */
export function TextField({ inputClassName, ...props }: FieldProps & { inputClassName?: string } & InputAttributes) {
  const { frame, ties, box, control } = useFieldParts(props)
  return (
    <Field {...frame}>
      <input {...ties} className={box(inputClassName, control.readOnly)} {...control} />
    </Field>
  )
}

/** How many of a line to take (to refund, to return): a small number field at the end of the line's name. */
function QuantityField({ max, ...props }: Omit<FieldProps, 'layout' | 'size' | 'controlWidth'> & { max: number } & Omit<InputAttributes, 'type' | 'max'>) {
  return <TextField layout="inline" size="xs" controlWidth="w-20" type="number" inputMode="numeric" min={0} max={max} {...props} />
}

/** One line of a `QuantityFields` group: its field's name (and id, when another form on the page has the same name), label, note and limit. */
export interface QuantityLine {
  id?: string
  name: string
  label: string
  note: string
  max: number
  defaultValue: number
  disabled?: boolean
}

/** A group of quantities, one a line of an order, under a legend ("Units to refund", "Items to return"). */
export function QuantityFields({ legend, lines }: { legend: string; lines: readonly QuantityLine[] }) {
  return (
    <fieldset>
      <legend className="font-medium">{legend}</legend>
      <ul className="mt-2 space-y-2">
        {lines.map(({ name, ...line }) => (
          <li key={name}>
            <QuantityField name={name} {...line} />
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
