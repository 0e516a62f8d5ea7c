import { data } from 'react-router'

/**
 * Reads a submitted form. A body that is not a form (JSON, text, broken multipart, no body) or a
 * value with a NUL character (which no stored text may hold) is a 400 with a plain message, never a
 * 500. Every form action reads its body through this.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw data({ message: 'The form could not be read. Please reload the page and try again.' }, { status: 400 })
  }
  for (const value of form.values()) {
    if (typeof value === 'string' && value.includes('\u0000')) throw data({ message: 'The form contains characters that cannot be stored.' }, { status: 400 })
  }
  return form
}
