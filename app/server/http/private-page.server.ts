/** Pages filled with one person's order or details: never kept by a browser's back cache or a shared one. */
export const PRIVATE_PAGE = { 'Cache-Control': 'private, no-store' } as const

/** A route's `headers` export for such a page. */
export const privatePageHeaders = () => PRIVATE_PAGE
