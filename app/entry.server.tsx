import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { shopContext } from './server/context.server'
import { isDatabaseUnavailable, markDatabaseAway } from './server/db/unavailable.server'
import { logger } from './server/log.server'

export const streamTimeout = 5_000

/**
 * React Router's Node entry, plus the request's CSP nonce on every inline script React Router
 * writes (the Content-Security-Policy header, set by the Express app, allows only those).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  const nonce = loadContext.get(shopContext).nonce

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        pipe(body)
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId)
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) logger.error({ err: error, url: request.url }, 'error while streaming a page')
      },
    })
  })
}

/** Errors of loaders and actions go to the log (one JSON line), never to the visitor. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) markDatabaseAway(context)
  if (request.signal.aborted) return
  logger.error({ err: error, method: request.method, url: request.url }, 'request failed')
}
