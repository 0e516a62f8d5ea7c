import type { z } from 'zod'

/** The first message for each field of a form, keyed by the field's name, for showing beside its input. */
export function fieldErrors(error: Pick<z.ZodError, 'issues'>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
  return errors
}
