/**
 * The baselines of `npm run bench`, each a bare Node `http` server in a process of its own, on 127.0.0.1:
 * - `node scripts/bench/plain-server.ts <port> <file> [encoding]`: answers every request with the
 *   bytes of `file`, sent with `Content-Encoding: <encoding>` when given (the shop's product page as
 *   the shop sends it to a browser). The fastest any Node server can answer that page.
 * - `node scripts/bench/plain-server.ts <port> react`: renders a 4 KB React page for every request
 *   (no database, no router) and compresses it as the shop compresses a rendered page: what a page
 *   rendered per request costs before any of the shop's own work.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { compressPage, pageEncodingFor } from '../../app/server/http/pages/encoding.server.ts'

const [portArgument, file, encoding] = process.argv.slice(2)
const port = Number(portArgument ?? 0)

/** Forty products in a list: about 4 KB of HTML. */
const items = Array.from({ length: 40 }, (_, index) => ({
  id: `product-${index}`,
  name: `Survey drone part ${index}`,
  price: `$${(index * 37.5 + 99).toFixed(2)}`,
}))
function Page() {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Products')),
    h(
      'body',
      null,
      h(
        'main',
        null,
        h('h1', null, 'Products'),
        h(
          'ul',
          null,
          ...items.map((item) =>
            h(
              'li',
              { key: item.id, className: 'product' },
              h('a', { href: `/product/${item.id}` }, item.name),
              ' ',
              h('span', { className: 'price' }, item.price),
            ),
          ),
        ),
      ),
    ),
  )
}

function answerFile(): (req: IncomingMessage, res: ServerResponse) => void {
  const page = readFileSync(file!)
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': page.length,
    ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
  }
  return (_req, res) => {
    res.writeHead(200, headers)
    res.end(page)
  }
}

function answerReact(req: IncomingMessage, res: ServerResponse) {
  const html = Buffer.from(`<!DOCTYPE html>${renderToString(h(Page))}`)
  const chosen = pageEncodingFor(req.headers['accept-encoding'])
  const body = compressPage(html, chosen)
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
    Vary: 'Accept-Encoding',
    ...(chosen === 'identity' ? {} : { 'Content-Encoding': chosen }),
  })
  res.end(body)
}

const server = createServer(file === 'react' ? answerReact : answerFile())
server.listen(port, '127.0.0.1', () => {
  const address = server.address()
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`)
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
