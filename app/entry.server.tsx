import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { shopContext } from './server/context.server'
import { isDatabaseUnavailable, markDatabaseAway } from './server/db/unavailable.server'
import { logger } from './server/log.server'

export const streamTimeout = 5_000

/**
 * Renders a page as a stream, with the request's CSP nonce on every inline script React Router
 * writes (the Content-Security-Policy header, set by the Express app, allows only those). React
 * writes into a web stream that the adapter reads: about 8 % more pages a second than React's Node
 * stream piped through a PassThrough and converted to a web stream, in paired runs (decision 016).
 * The stream does not reach the socket as it comes: the Express app keeps the page whole and sends
 * it compressed in one piece with its length (app/server/http/pages/rendered-pages.server.ts,
 * decision 032). Crawlers get the whole page from React at once; the render is aborted after
 * `streamTimeout` + 1 s.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  const nonce = loadContext.get(shopContext).nonce

  const userAgent = request.headers.get('user-agent')
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode
  const timeout = new AbortController()
  const timeoutId = setTimeout(() => timeout.abort(), streamTimeout + 1000)
  let shellRendered = false
  try {
    const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      signal: timeout.signal,
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) logger.error({ err: error, url: request.url }, 'error while streaming a page')
      },
    })
    shellRendered = true
    const stopTimer = () => clearTimeout(timeoutId)
    body.allReady.then(stopTimer, stopTimer)
    if (waitForAll) await body.allReady
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
    return new Response(body, { headers: responseHeaders, status: responseStatusCode })
  } catch (error) {
    clearTimeout(timeoutId)
    throw error
  }
}

/** Errors of loaders and actions go to the log (one JSON line), never to the visitor. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) markDatabaseAway(context)
  if (request.signal.aborted) return
  logger.error({ err: error, method: request.method, url: request.url }, 'request failed')
}
