import { z } from 'zod'
import { isLinkOrSitePath, storableString, UNSTORABLE, unstorablePath } from './text.ts'

const text = (max: number, label: string) => storableString(max, `${label} is at most ${max} characters.`)

/** An account's name, as sign-up and the account settings take it (better-auth's `name`). */
export const ACCOUNT_NAME_MAX = 100
/** A profile or account image: an https:// address or a path on this site. */
export const IMAGE_MAX = 500
export const IMAGE_MESSAGE = 'The image must be an https:// address or a path on this site.'
export const isProfileImage = (value: string) => value.length <= IMAGE_MAX && isLinkOrSitePath(value)

/** What a customer may change on their account page. */
export const profileEditSchema = z.object({
  profileNameGiven: text(100, 'Given name'),
  profileNameFamily: text(100, 'Family name'),
  profileNameOther: text(100, 'Other names'),
  profileMobile: text(20, 'Mobile').refine((value) => value === '' || /^\+?[\d\s()-]{6,20}$/.test(value), {
    message: 'Enter a phone number with digits, spaces and an optional leading +.',
  }),
  profileAddress: text(300, 'Address'),
  profileDateOfBirth: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))), {
      message: 'Enter the date of birth as a date.',
    })
    .refine((value) => value === '' || (Date.parse(value) < Date.now() && Date.parse(value) > Date.parse('1900-01-01')), {
      message: 'The date of birth must be in the past.',
    }),
  profileImage: text(IMAGE_MAX, 'Image address').refine((value) => value === '' || isLinkOrSitePath(value), { message: IMAGE_MESSAGE }),
})

export type ProfileEditInput = z.infer<typeof profileEditSchema>

/**
 * The profile rules where an account's name and image enter through better-auth (sign-up and
 * /api/auth/update-user): a message naming the first field that breaks them, or null. Any text in
 * the request must be storable. So every account the shop accepts can be exported and imported back.
 */
export function accountFieldsProblem(body: Record<string, unknown>): string | null {
  const unstorable = unstorablePath(body)
  if (unstorable) return `${unstorable}: ${UNSTORABLE}`
  if ('name' in body && body.name !== undefined) {
    if (typeof body.name !== 'string') return 'name: The name must be text.'
    if (body.name.trim().length > ACCOUNT_NAME_MAX) return `name: The name is at most ${ACCOUNT_NAME_MAX} characters.`
  }
  if ('image' in body && body.image !== undefined && body.image !== null && body.image !== '') {
    if (typeof body.image !== 'string' || !isProfileImage(body.image)) return `image: ${IMAGE_MESSAGE}`
  }
  return null
}
