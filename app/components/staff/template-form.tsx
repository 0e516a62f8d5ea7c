import { useEffect, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { fieldErrors } from '../../lib/schemas/errors'
import { templateFormInput, templateFormSchema, type TemplateFormInput } from '../../lib/schemas/template'
import { Button, LinkButton } from '../ui/button'
import { Alert } from '../ui/alert'
import { TextField } from '../ui/text-field'

export type TemplateFormMode = 'create' | 'update' | 'deprecate'

interface TemplateFormProps {
  mode: TemplateFormMode
  /** What the fields show: the stored template, or what was typed when the server sent the form back. */
  values: TemplateFormInput
  /** The stored template's id and version (update and deprecate). */
  templateId?: string
  version?: number
  /** The stored image, shown beside the fields in update and deprecate mode. */
  storedImage?: string
  /** Field errors from the server (the same schema as in the browser). */
  errors?: Record<string, string>
  /** A problem with the whole form, such as a save that lost a race with another editor. */
  formError?: string | null
}

const FIELDS = [
  {
    name: 'templateName',
    label: 'Template name',
    hint: null,
  },
  {
    name: 'templateImage',
    label: 'Image address',
    hint: 'An https:// address or a path on this site, such as /images/placeholder-template.svg. Leave it empty for the placeholder image.',
  },
] as const

/**
 * The one template form (docs/screens.md, Staff screens): create and update edit the fields; the deprecate screen
 * shows the same form read-only with the delete confirmation (Delete Forever). Browser validation
 * is off (`noValidate`); the template schema checks the fields before sending, and again on the server.
 */
const NO_ERRORS: Record<string, string> = {}

export function TemplateForm({ mode, values, templateId, version, storedImage, errors, formError }: TemplateFormProps) {
  const serverErrors = errors ?? NO_ERRORS
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const readOnly = mode === 'deprecate'
  /** After the first submit attempt, the browser's own check of the fields (null: none yet). */
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null)
  const [attempted, setAttempted] = useState(false)

  // A new answer from the server replaces the browser's view of the errors.
  useEffect(() => {
    setClientErrors(null)
  }, [serverErrors])

  const shownErrors = clientErrors ?? serverErrors

  function check(form: HTMLFormElement): Record<string, string> {
    const parsed = templateFormSchema.safeParse(templateFormInput(new FormData(form)))
    return parsed.success ? {} : fieldErrors(parsed.error)
  }

  return (
    <Form
      method="post"
      noValidate
      aria-labelledby="template-form-heading"
      className="mt-8 grid gap-8 md:grid-cols-[1fr_12rem]"
      onSubmit={(event) => {
        if (readOnly) return
        setAttempted(true)
        const found = check(event.currentTarget)
        if (Object.keys(found).length > 0) {
          event.preventDefault()
          setClientErrors(found)
          const first = FIELDS.find((field) => found[field.name])
          if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus()
        } else {
          setClientErrors(null)
        }
      }}
      onChange={(event) => {
        if (!readOnly && attempted) setClientErrors(check(event.currentTarget))
      }}
    >
      <div className="space-y-5">
        <h2 id="template-form-heading" className="sr-only">
          {mode === 'create' ? 'New template' : 'Template fields'}
        </h2>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {version !== undefined && mode === 'update' ? <input type="hidden" name="version" value={version} /> : null}
        {FIELDS.map((field) => {
          const error = readOnly ? undefined : shownErrors[field.name]
          return (
            <TextField
              key={field.name}
              id={field.name}
              // Read-only fields send nothing, and Enter in them must not press Delete Forever.
              name={readOnly ? undefined : field.name}
              label={field.label}
              note={field.name === 'templateName' && !readOnly ? '(required)' : undefined}
              hint={readOnly ? undefined : field.hint}
              error={error}
              type="text"
              autoComplete="off"
              readOnly={readOnly}
              onKeyDown={readOnly ? (event) => event.key === 'Enter' && event.preventDefault() : undefined}
              defaultValue={values[field.name] ?? ''}
            />
          )
        })}

        {mode === 'deprecate' ? (
          <div role="group" aria-labelledby="delete-heading" className="rounded-lg border border-red-200 bg-red-50 p-5">
            <h2 id="delete-heading" className="text-lg font-semibold text-red-900">
              Delete this template?
            </h2>
            <p className="mt-2 text-sm text-red-900">
              The template is removed from the shop. Its history keeps every version, so staff can still bring it back from the History screen.
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button type="submit" name="intent" value="delete" variant="destructive" disabled={busy}>
                {busy ? 'Deleting…' : 'Delete Forever'}
              </Button>
              <LinkButton to={`/template/${templateId}`} variant="secondary">
                Cancel
              </LinkButton>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : mode === 'create' ? 'Create Template' : 'Save Template'}
            </Button>
            <LinkButton to={mode === 'create' ? '/template' : `/template/${templateId}`} variant="secondary">
              Cancel
            </LinkButton>
          </div>
        )}
      </div>
      {storedImage ? (
        <figure>
          <img src={storedImage} alt="" width={192} height={192} className="h-48 w-48 rounded-lg border border-slate-200 bg-slate-50 object-contain" />
          <figcaption className="mt-2 text-xs text-slate-500">Current image</figcaption>
        </figure>
      ) : null}
    </Form>
  )
}
