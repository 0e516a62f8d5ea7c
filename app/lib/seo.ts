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

/** One step of a breadcrumb trail: its words and its path on the shop (the last one is the page itself). */
export interface Crumb {
  label: string
  path: string
}

/** The BreadcrumbList JSON-LD of a trail, with absolute addresses on the shop's public origin. */
export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${origin}${crumb.path}`,
    })),
  }
}

/** The Organization JSON-LD of the home page: the shop's name, address, logo and contact. */
export function organizationJsonLd(origin: string, shop: { name: string; legalName: string; email: string; phone: string }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shop.name,
    legalName: shop.legalName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: shop.email,
    telephone: shop.phone,
  }
}
