import { CATEGORY_LABELS, categoryPath, productPath, type Category } from './catalog.ts'

export interface NavLink {
  label: string
  to: string
}

export const E900_ID = 'unidrone-e900'

/**
 * The Products dropdown, as docs/screens.md (Readings of the specification) reads the specification's
 * menu, with Propulsion added in its place in the category order (the specification's menu has no
 * way to it); the specification's items keep their order.
 */
export const productMenu: NavLink[] = [
  { label: 'Autopilot', to: categoryPath('autopilots') },
  { label: 'Cameras', to: categoryPath('cameras') },
  { label: 'Link & Controllers', to: categoryPath('radio-controllers') },
  { label: 'Propulsion', to: categoryPath('propulsion') },
  { label: 'Parts & Accessories', to: categoryPath('parts-accessories') },
  { label: 'UniDrone E900', to: productPath(E900_ID) },
]

const footerCategories: Category[] = ['autopilots', 'cameras', 'radio-controllers', 'propulsion', 'parts-accessories']

/** The footer reaches every category, propulsion included, and the E900. */
export const footerProductLinks: NavLink[] = [
  ...footerCategories.map((category) => ({ label: CATEGORY_LABELS[category], to: categoryPath(category) })),
  { label: 'UniDrone E900', to: productPath(E900_ID) },
]

export function mailto(email: string, subject?: string): string {
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`
}
