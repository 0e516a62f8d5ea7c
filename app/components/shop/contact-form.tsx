import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { CONTACT_FIELDS, contactSchema } from '../../lib/schemas/contact'
import { fieldErrors } from '../../lib/schemas/errors'
import { Button } from '../ui/button'
import { TextareaField } from '../ui/textarea-field'
import { TextField } from '../ui/text-field'

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

  const value = (name: string) => values[name as keyof Values] ?? ''

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
        <TextField
          key={field.name}
          name={field.name}
          label={field.label}
          optional={!field.required}
          type={field.type}
          autoComplete={field.autoComplete}
          defaultValue={value(field.name)}
          error={errors[field.name]}
        />
      ))}
      <TextareaField
        name="contactMessage"
        label="Message"
        rows={6}
        className="sm:col-span-2"
        defaultValue={value('contactMessage')}
        error={errors.contactMessage}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={sending} size="lg">
          {sending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </Form>
  )
}
