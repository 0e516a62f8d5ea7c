import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import type { Env } from '../env.server.ts'

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
    res.setHeader(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self' https:",
        "frame-ancestors 'none'",
      ].join('; '),
    )
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (https || config.NODE_ENV === 'production') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let nonceOffset = 0

/**
 * A fresh 128-bit nonce from the system's random source. The bytes are fetched 4 KB at a time (one
 * call for 256 responses, as node:crypto's randomUUID does); each nonce is used once.
 */
function nextNonce(): string {
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
 * CSRF defence for every cookie-authenticated form and action: a write must come from the shop's
 * own pages. Browsers send Origin (and Sec-Fetch-Site) with every POST; a foreign one is refused.
 * The payment provider's webhook is signed instead, and exempt.
 */
export function sameOriginWrites(config: Env, exempt: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exempt.includes(req.path)) return next()
    const origin = req.get('origin')
    const expected = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `${req.protocol}://${req.get('host')}`
    const crossSite = req.get('sec-fetch-site') === 'cross-site'
    if ((origin && origin !== 'null' && origin !== expected) || (origin === 'null' && crossSite) || (!origin && crossSite)) {
      res.status(403).type('text/plain').send('This form can only be sent from the shop’s own pages.')
      return
    }
    next()
  }
}
