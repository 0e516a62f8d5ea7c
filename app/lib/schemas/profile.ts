import { z } from 'zod'

const text = (max: number, label: string) => z.string().trim().max(max, `${label} is at most ${max} characters.`)

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
  profileImage: text(500, 'Image address').refine((value) => value === '' || /^(https:\/\/|\/)[^\s"'<>]+$/.test(value), {
    message: 'The image must be an https:// address or a path on this site.',
  }),
})

export type ProfileEditInput = z.infer<typeof profileEditSchema>
