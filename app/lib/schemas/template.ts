import { z } from 'zod'
import { isLinkOrSitePath, LINK_MESSAGE, storableString } from './text.ts'

/** The message shown under an empty required field (docs/specification.md, Forms and their checks). */
export const REQUIRED = 'required'

/**
 * The template form (docs/specification.md, Template; Forms and their checks): the name is
 * required; the image is optional and, when given, an https:// address or a path on this site. An
 * empty image is stored as the placeholder image. The same schema runs in the browser (before sending) and on the server (before saving).
 */
export const templateFormSchema = z.object({
  templateName: storableString(200).min(1, REQUIRED),
  templateImage: storableString(2000).refine((value) => value === '' || isLinkOrSitePath(value), { message: LINK_MESSAGE }),
})

export type TemplateFormInput = z.input<typeof templateFormSchema>
export type TemplateFormValues = z.output<typeof templateFormSchema>

/** The template fields of a submitted form, as strings (missing fields become empty). */
export function templateFormInput(form: FormData | Record<string, unknown>): TemplateFormInput {
  const get = (key: string) => {
    const value = form instanceof FormData ? form.get(key) : form[key]
    return typeof value === 'string' ? value : ''
  }
  return { templateName: get('templateName'), templateImage: get('templateImage') }
}
