import { FieldError } from './field-error'

/** The look of a text input or select, marked when its value was refused. */
export const fieldClass = (invalid: boolean) =>
  `mt-1 block w-full min-w-0 rounded-md border bg-white px-3 py-2 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${
    invalid ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100'
  }`

/**
 * A labelled input of the shop's forms, with an optional hint and the message of a refused value;
 * both are tied to the input for screen readers. Its id is its name.
 */
export function TextField({
  name,
  label,
  error,
  hint,
  optional = false,
  ...input
}: { name: string; label: string; error?: string; hint?: string; optional?: boolean } & React.InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
        {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      <input id={name} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} className={fieldClass(Boolean(error))} {...input} />
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${name}-error`} message={error} />
    </div>
  )
}
