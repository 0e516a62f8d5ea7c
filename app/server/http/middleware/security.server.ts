import { createHash, randomBytes } from 'node:crypto'
import type { Duplex } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'
import { SIGNED_IN_SCRIPT } from '../../../lib/signed-in-hint.ts'
import type { Env } from '../../env.server.ts'
import { logger } from '../../log.server.ts'
import { publicOrigin } from '../../public-origin.server.ts'

declare module 'express-serve-static-core' {
  interface Locals {
    nonce: string
  }
}

/**
 * Security headers on every response. The Content-Security-Policy lets scripts run only from the
 * shop itself and inline ones carrying this response's nonce (React Router's hydration scripts).
 * Not used with the Vite dev server, whose hot-reload scripts it would block.
 */
export function securityHeaders(config: Env) {
  const https = (config.PUBLIC_URL ?? '').startsWith('https://')
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = nextNonce()
    res.locals.nonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (https || config.NODE_ENV === 'production') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

/** The one inline script without a nonce (it is the same in every page): allowed by its hash. */
const SIGNED_IN_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SIGNED_IN_SCRIPT).digest('base64')}'`

/** The policy of a response whose inline scripts carry `nonce`. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${SIGNED_IN_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "frame-ancestors 'none'",
  ].join('; ')
}

const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let nonceOffset = 0

/**
 * A fresh 128-bit nonce from the system's random source. The bytes are fetched 4 KB at a time (one
 * call for 256 responses, as node:crypto's randomUUID does); each nonce is used once.
 */
export function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(4096)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
  nonceOffset += NONCE_BYTES
  return nonce
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for every cookie-authenticated write, pages' actions, resource routes and better-auth's
 * endpoints alike: it must come from the shop's own pages. Browsers send Origin (and Sec-Fetch-Site)
 * with every POST; a foreign one is refused. `Origin: null` (a sandboxed frame, a data: page, some
 * redirects) is foreign too unless the browser says the request is same-origin. The payment
 * provider's webhook is signed instead, and exempt. A refusal is an attempt, not a fault of the
 * shop: one warning line.
 */
export function sameOriginWrites(config: Env, exempt: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exempt.includes(req.path)) return next()
    const origin = req.get('origin')
    const expected = publicOrigin(config, req)
    const fetchSite = req.get('sec-fetch-site')
    const foreign = origin === 'null' ? fetchSite !== 'same-origin' : origin ? origin !== expected : fetchSite === 'cross-site'
    if (foreign) {
      logger.warn(
        { reqId: req.id, method: req.method, path: req.path, origin: origin ?? null, fetchSite: fetchSite ?? null },
        'write from a foreign origin refused',
      )
      res.status(403).type('text/plain').send('This form can only be sent from the shop’s own pages.')
      return
    }
    next()
  }
}

/**
 * The one write that comes from outside the shop's pages by design and that no cookie authorises:
 * the one-click unsubscribe of RFC 8058, which a mail receiver POSTs (without cookies) to the address
 * in a message's List-Unsubscribe header, whose secret is the authority
 * (docs/decisions/042-cart-reminders.md). For a POST to exactly such an address (`pattern`), the
 * headers that say where it came from are set aside, so that neither the same-origin check above nor
 * React Router's own check of pages' actions refuses a receiver that sends them. Nothing else changes:
 * any other address, and `.data` requests, are checked as before.
 */
export function oneClickWrites(pattern: RegExp) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method === 'POST' && pattern.test(req.path)) {
      delete req.headers.origin
      delete req.headers['sec-fetch-site']
    }
    next()
  }
}

/** The methods the shop answers; anything else (TRACE, PROPFIND, …) is a 405, never a router error. */
export const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])
const ALLOW_HEADER = 'GET, HEAD, POST'

export function knownMethods(req: Request, res: Response, next: NextFunction) {
  if (ALLOWED_METHODS.has(req.method)) return next()
  res
    .status(405)
    .set('Allow', ALLOW_HEADER)
    .type('text/plain')
    .send(`The method ${req.method.replace(/[^A-Z-]/g, '')} is not allowed here.`)
}

/** CONNECT never reaches Express: Node hands its socket over. It gets the same 405, then the connection closes. */
export function refuseConnect(socket: Duplex) {
  const text = 'The method CONNECT is not allowed here.'
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW_HEADER}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  )
}
