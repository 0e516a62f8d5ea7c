import type { MetaDescriptor } from 'react-router'

export const DEFAULT_SHOP_NAME = 'UniDrone Robotics'

/** Title and description for a page; the shop's name follows the page's own title. */
export function pageMeta(title: string, description: string, shopName = DEFAULT_SHOP_NAME): MetaDescriptor[] {
  const fullTitle = title === shopName ? title : `${title} | ${shopName}`
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
  ]
}

/** The root loader's shop name, for meta functions that receive the route matches. */
export function shopNameFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { shop?: { name?: string } } | undefined
  return root?.shop?.name ?? DEFAULT_SHOP_NAME
}
