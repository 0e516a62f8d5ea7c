import { data } from 'react-router'

/**
 * Reads a submitted form. A body that is not a form (JSON, text, broken multipart, no body), a
 * value with a NUL character (which no stored text may hold) or a field sent twice is a 400 with a
 * plain message, never a 500. A field is one key: `form.get` would read the first of two and another
 * reader the last, so a repeated field is refused by name unless the form lists it as `repeatable`
 * (a list of ticked boxes). Every form action reads its body through this.
 */
export async function readForm(request: Request, options: { repeatable?: readonly string[] } = {}): Promise<FormData> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw data({ message: 'The form could not be read. Please reload the page and try again.' }, { status: 400 })
  }
  for (const value of form.values()) {
    if (typeof value === 'string' && value.includes('\u0000')) throw data({ message: 'The form contains characters that cannot be stored.' }, { status: 400 })
  }
  const repeated = repeatedFieldMessage(form, options.repeatable)
  if (repeated) throw data({ message: repeated }, { status: 400 })
  return form
}

/** The visitor's message when a field other than the `repeatable` ones was sent twice, or null. */
export function repeatedFieldMessage(form: FormData, repeatable: readonly string[] = []): string | null {
  const seen = new Set<string>()
  for (const name of form.keys()) {
    if (seen.has(name) && !repeatable.includes(name))
      return `The form sent the field “${name.slice(0, 60)}” more than once. Please reload the page and try again.`
    seen.add(name)
  }
  return null
}
