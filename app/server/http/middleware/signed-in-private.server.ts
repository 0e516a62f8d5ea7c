import type { NextFunction, Request, Response } from 'express'
import { hasSessionCookie } from '../pages/page-cache.server.ts'
import { PRIVATE_PAGE } from '../private-page.server.ts'

const PRIVATE = PRIVATE_PAGE['Cache-Control']

/**
 * What the router or the account endpoints answer to someone signed in is theirs: kept by no cache,
 * not even the browser's (a shared computer's back button after signing out). Such an answer starts
 * with `private, no-store`, unless something before this (the page cache, decision 031) already gave
 * it one.
 *
 * React Router's Express adapter adds a route's own headers with `res.append`, which would send the
 * route's Cache-Control as a second header beside this one (the staff CSV downloads said
 * `private, no-store` twice). The answer carries one: the route's own when it forbids storing too
 * (`no-store`), otherwise this stricter one, which is what a browser made of the two together.
 */
export function privateWhenSignedIn(req: Request, res: Response, next: NextFunction) {
  if (hasSessionCookie(req.get('cookie')) && !res.getHeader('cache-control')) {
    res.setHeader('Cache-Control', PRIVATE)
    const append = res.append
    res.append = function (this: Response, field: string, value?: string | string[]) {
      if (field.toLowerCase() !== 'cache-control' || this.getHeader('cache-control') !== PRIVATE) return append.call(this, field, value)
      const own = [value ?? []].flat().join(', ')
      return this.setHeader('Cache-Control', /\bno-store\b/i.test(own) ? own : PRIVATE)
    }
  }
  next()
}
