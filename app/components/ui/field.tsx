import { useId } from 'react'
import { FieldError } from './field-error'

/**
 * What every form control of the shop shares: the look of its box, its label, its hint and the
 * message of a refused value, tied together for screen readers. The field components
 * (`TextField`, `TextareaField`, `SelectField`, `CheckboxField`) are built from these; a screen
 * uses those, never a class list of its own.
 */

/** `md`: the shop's forms; `sm`: the staff screens' denser forms and filters; `xs`: a control inside a table row or a short list. */
export type ControlSize = 'md' | 'sm' | 'xs'

const CONTROL_SIZES: Record<ControlSize, string> = {
  md: 'px-3 py-2',
  sm: 'px-3 py-2 text-sm',
  xs: 'px-2 py-1 text-sm',
}

/**
 * The box of a text input, text area or select, marked when its value was refused, greyed when it
 * is only shown (read-only, as on a confirmation page). It sets no
 * width or margin: the field components add those, or the screen's layout does through `className`.
 */
export function controlClass({
  size = 'md',
  invalid = false,
  readOnly = false,
  className = '',
}: { size?: ControlSize; invalid?: boolean; readOnly?: boolean; className?: string } = {}): string {
  const state = readOnly
    ? 'border-slate-200 bg-slate-50 text-slate-700'
    : invalid
      ? 'border-red-600 bg-white focus:border-red-600 focus:ring-red-100'
      : 'border-slate-300 bg-white focus:border-brand-600 focus:ring-brand-100'
  return `block min-w-0 rounded-md border focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${CONTROL_SIZES[size]} ${state} ${className}`.trim()
}

/**
 * How a label shows: above its control (`default`), only to screen readers (`hidden`, where a
 * column heading already says it), or above it on phones only (`phone`, a control in a table row
 * that stacks on a phone).
 */
export type LabelLook = 'default' | 'hidden' | 'phone'

const LABEL_LOOKS: Record<LabelLook, string> = {
  default: 'block text-sm font-medium',
  hidden: 'sr-only',
  phone: 'block text-xs text-slate-500 sm:sr-only',
}

/** What a field says around its control; every field component takes these. */
export interface FieldFrame {
  label: React.ReactNode
  labelLook?: LabelLook
  /** Muted words after the label, such as "(for a stock change)". */
  note?: React.ReactNode
  /** Writes "(optional)" after the label. */
  optional?: boolean
  /** A red star after the label (hidden from screen readers, which hear aria-required instead). */
  requiredMark?: boolean
  hint?: React.ReactNode
  /** The message of a refused value: the control is marked and describes itself with it. */
  error?: string
  /** Classes of the field's outer box (its place in the form's grid). */
  className?: string
  /** `stacked`: the label above the control; `inline`: the label takes the line and the control sits at its end (a quantity per line of a list). */
  layout?: 'stacked' | 'inline'
}

/** The ids a control is described by: the refusal first, then the hint. */
export function describedBy(id: string, { hint, error }: { hint?: React.ReactNode; error?: string }): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
}

/** The attributes that tie a control to its field's hint and error. */
export function controlAria(id: string, frame: Pick<FieldFrame, 'hint' | 'error' | 'requiredMark'>) {
  return {
    'aria-invalid': frame.error ? true : undefined,
    'aria-describedby': describedBy(id, frame),
    'aria-required': frame.requiredMark ? true : undefined,
  } as const
}

function RequiredMark() {
  return (
    <>
      {' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
    </>
  )
}

/** The words after a label: the required star, then a muted note or "(optional)". */
export function LabelExtras({ requiredMark, note, optional }: Pick<FieldFrame, 'requiredMark' | 'note' | 'optional'>) {
  const muted = optional ? '(optional)' : note
  return (
    <>
      {requiredMark ? <RequiredMark /> : null}
      {muted ? <span className="font-normal text-slate-500"> {muted}</span> : null}
    </>
  )
}

/** A label above its control, the control, its hint and its error. */
export function Field({
  id,
  label,
  labelLook = 'default',
  note,
  optional,
  requiredMark,
  hint,
  error,
  className = '',
  layout = 'stacked',
  children,
}: FieldFrame & { id: string; children: React.ReactNode }) {
  const inline = layout === 'inline'
  return (
    <div className={inline ? `flex flex-wrap items-center gap-x-3 gap-y-1 ${className}` : className}>
      <label htmlFor={id} className={inline ? 'min-w-0 flex-1' : LABEL_LOOKS[labelLook]}>
        {label}
        <LabelExtras requiredMark={requiredMark} note={note} optional={optional} />
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/** A field's hint and the message of its refused value, under its control, with the ids its control is described by. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: React.ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </>
  )
}

/** Where a field's control sits under its label, and how wide it is (`w-full` unless the screen says otherwise). */
export const controlLayout = (labelLook: LabelLook, width: string | undefined, layout: FieldFrame['layout'] = 'stacked') =>
  `${labelLook === 'hidden' || layout === 'inline' ? '' : labelLook === 'phone' ? 'mt-1 sm:mt-0' : 'mt-1'} ${width ?? 'w-full'}`

/** What every field component takes besides its control's own attributes. */
export type FieldProps = FieldFrame & {
  /** The control's id; its name, or one made up, when not given. */
  id?: string
  name?: string
  size?: ControlSize
  /** Replaces the control's full width (`w-24`, `w-auto`). */
  controlWidth?: string
}

/**
 * Splits a field component's props into the frame (for `Field`), the control's id, name and ties
 * to the frame, its box's classes, and the rest: the control's own attributes.
 */
export function useFieldParts<P extends FieldProps>({
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
  ...control
}: P) {
  const generated = useId()
  const fieldId = id ?? name ?? generated
  return {
    frame: { id: fieldId, label, labelLook, layout, note, optional, requiredMark, hint, error, className },
    ties: { id: fieldId, name, ...controlAria(fieldId, { hint, error, requiredMark }) },
    box: (extra = '', readOnly = false) =>
      controlClass({ size, invalid: Boolean(error), readOnly, className: `${controlLayout(labelLook, controlWidth, layout)} ${extra}` }),
    control,
  }
}
