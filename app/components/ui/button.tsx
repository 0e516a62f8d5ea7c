import { Link, type LinkProps } from 'react-router'

/**
 * The shop's buttons, in one place: screens choose a variant and a size, never a class list
 * (docs/screens.md, Shared components).
 *
 * - `primary`: the one main action of a form or screen.
 * - `secondary`: every other action, and links that look like buttons.
 * - `danger`: an action that takes something away but asks again or can be undone (Remove staff
 *   access, Decline a return, Remove an address, Turn off two-step login).
 * - `destructive`: the final, irreversible step (Deprecate, Cancel and refund in full).
 * - `ghost`: a quiet action repeated on every line of a list (the cart's Remove).
 * - `link`: an action that reads as a link (Export a collection, Send the invoice again).
 * - `inline`: a link-looking action inside a message, in the message's own colour.
 * - `pill`: one of a row of filters or views; the current one (`aria-current="page"`) is filled.
 * - `segment`: one of a group of toggles; the pressed one (`aria-pressed`) is filled.
 * - `overlay`: a round control over a picture (the carousel's arrows).
 * - `thumbnail`: a picture that shows a larger one; the pressed one (`aria-pressed`) is framed.
 *
 * Sizes: `sm`, `md`, `lg` for buttons with words; `icon` for a square button holding only an icon
 * (it then needs an `aria-label`).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'destructive' | 'ghost' | 'link' | 'inline' | 'pill' | 'segment' | 'overlay' | 'thumbnail'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-600',
  secondary: 'rounded-md border border-slate-300 bg-white font-semibold text-ink hover:border-brand-600 hover:text-brand-700',
  danger: 'rounded-md border border-red-300 bg-white font-semibold text-red-800 hover:border-red-600 hover:bg-red-50',
  destructive: 'rounded-md bg-red-700 font-semibold text-white hover:bg-red-800',
  ghost: 'rounded-md text-slate-600 hover:bg-slate-100 hover:text-ink',
  link: 'font-semibold text-brand-700 hover:underline',
  inline: 'font-semibold underline hover:no-underline',
  pill: 'rounded-full border border-slate-300 font-semibold hover:border-brand-600 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white',
  segment: 'rounded-md font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-700 aria-pressed:text-white',
  overlay: 'rounded-full bg-white/90 text-slate-700 shadow hover:bg-white hover:text-brand-700',
  thumbnail: 'overflow-hidden rounded-lg border-2 border-transparent bg-slate-50 hover:border-slate-300 aria-pressed:border-brand-600',
}

const SIZES: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-3',
  icon: 'h-9 w-9 shrink-0',
}

/** Variants that read as text, or are a picture: they take no padding. */
const TEXT_LIKE = new Set<ButtonVariant>(['link', 'inline', 'thumbnail'])

export function buttonClass({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `inline-flex items-center justify-center gap-2 disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${TEXT_LIKE.has(variant) ? '' : SIZES[size]} ${className}`.trim()
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...button
}: { variant?: ButtonVariant; size?: ButtonSize } & React.ComponentPropsWithRef<'button'>) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...button} />
}

/** A link that looks like a button: it goes somewhere, it does not change anything. */
export function LinkButton({ variant, size, className, ...link }: { variant?: ButtonVariant; size?: ButtonSize } & LinkProps) {
  return <Link className={buttonClass({ variant, size, className })} {...link} />
}
