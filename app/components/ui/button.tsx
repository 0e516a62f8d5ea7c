import { Link, type LinkProps } from 'react-router'

/**
 * The shop's buttons, in one place: screens choose a variant and a size, never a class list
 * (docs/screens.md, Shared components).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet'
export type ButtonSize = 'sm' | 'md' | 'lg'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-600',
  secondary: 'border border-slate-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700',
  danger: 'border border-red-300 bg-white text-red-800 hover:border-red-600 hover:bg-red-50',
  quiet: 'text-brand-700 hover:underline',
}

const SIZES: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-3',
}

export function buttonClass({ variant = 'primary', size = 'md', className = '' }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `inline-flex items-center justify-center gap-2 rounded-md font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${variant === 'quiet' ? '' : SIZES[size]} ${className}`.trim()
}

export function Button({ variant, size, className, type = 'button', ...button }: { variant?: ButtonVariant; size?: ButtonSize } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...button} />
}

/** A link that looks like a button: it goes somewhere, it does not change anything. */
export function LinkButton({ variant, size, className, ...link }: { variant?: ButtonVariant; size?: ButtonSize } & LinkProps) {
  return <Link className={buttonClass({ variant, size, className })} {...link} />
}
