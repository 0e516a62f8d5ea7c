import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { CONTACT_FIELDS, contactSchema } from '../../lib/schemas/contact'
import { fieldErrors } from '../../lib/schemas/errors'
import { Button } from '../ui/button'

type Values = Partial<Record<(typeof CONTACT_FIELDS)[number], string>>

const fields = [
  { name: 'contactName', label: 'Name', type: 'text', autoComplete: 'name', required: true },
  { name: 'contactEmail', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'contactPhone', label: 'Contact Number', type: 'tel', autoComplete: 'tel', required: false },
  { name: 'contactCompany', label: 'Company Name', type: 'text', autoComplete: 'organization', required: false },
] as const

function errorsOf(values: Values): Record<string, string> {
  const result = contactSchema.safeParse(values)
  return result.success ? {} : fieldErrors(result.error)
}

/**
 * The Contact Us form (docs/specification.md, Forms and their checks). Browser validation is off;
 * after a submit attempt the same schema the server uses marks empty required fields "required".
 * Staff reuse it to correct an enquiry (with its version, and without the spam trap).
 */
export function ContactForm({
  values,
  serverErrors,
  submitLabel,
  version,
}: {
  values: Values
  serverErrors: Record<string, string>
  submitLabel: string
  version?: number
}) {
  const [attempted, setAttempted] = useState(false)
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting'
  const errors = attempted ? clientErrors : serverErrors

  const input = (name: string, error?: string) => ({
    id: name,
    name,
    defaultValue: values[name as keyof Values] ?? '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${name}-error` : undefined,
    className: `mt-1 block w-full rounded-md border px-3 py-2 focus:outline-none focus:ring-2 focus:ring-brand-100 ${
      error ? 'border-red-500 bg-red-50' : 'border-slate-300 focus:border-brand-600'
    }`,
  })
  const message = (name: string, error?: string) =>
    error ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
        {error}
      </p>
    ) : null

  return (
    <Form
      method="post"
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget)
        const next = errorsOf(Object.fromEntries(CONTACT_FIELDS.map((name) => [name, String(form.get(name) ?? '')])))
        setAttempted(true)
        setClientErrors(next)
        if (Object.keys(next).length > 0) event.preventDefault()
      }}
      onChange={(event) => {
        if (!attempted) return
        const form = new FormData(event.currentTarget)
        setClientErrors(errorsOf(Object.fromEntries(CONTACT_FIELDS.map((name) => [name, String(form.get(name) ?? '')]))))
      }}
    >
      {version === undefined ? (
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="website">Leave this field empty</label>
          <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
      ) : (
        <input type="hidden" name="version" value={version} />
      )}
      {fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={field.name} className="block text-sm font-medium">
            {field.label}
            {field.required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
          </label>
          <input type={field.type} autoComplete={field.autoComplete} {...input(field.name, errors[field.name])} />
          {message(field.name, errors[field.name])}
        </div>
      ))}
      <div className="sm:col-span-2">
        <label htmlFor="contactMessage" className="block text-sm font-medium">
          Message
        </label>
        <textarea rows={6} {...input('contactMessage', errors.contactMessage)} />
        {message('contactMessage', errors.contactMessage)}
      </div>
      <div className="sm:col-span-2">
        <Button
          type="submit"
          disabled={sending}
          size="lg"
        >
          {sending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </Form>
  )
}
