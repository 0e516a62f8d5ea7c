import { Writable } from 'node:stream'
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
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // No page suspends on data (no <Await>), so the whole page is ready at once: it is sent as
      // one body, with the status of any error met while rendering, and without a stream
      // between React and the response (decision 019).
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        const chunks: Uint8Array[] = []
        const body = new Writable({
          write(chunk: Uint8Array, _encoding, callback) {
            chunks.push(chunk)
            callback()
          },
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
            callback()
          },
        })
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) logger.error({ err: error, url: request.url }, 'error while rendering a page')
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
