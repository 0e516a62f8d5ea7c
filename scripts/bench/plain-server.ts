/**
 * The baseline of `npm run bench`: a plain Node `http` server that answers every request with the
 * same page. `node scripts/bench/plain-server.ts <port> [file] [encoding]`: the bytes of `file`,
 * sent with `Content-Encoding: <encoding>` when given (the shop's product page as the shop sends it
 * to a browser), or a fixed 4 KB page. Listens on 127.0.0.1.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [portArgument, file, encoding] = process.argv.slice(2)
const port = Number(portArgument ?? 0)
const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>'
const tail = '</p></main></body></html>\n'
const page = file ? readFileSync(file) : Buffer.from(head + 'x'.repeat(4096 - head.length - tail.length) + tail)
const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': page.length, ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}) }

const server = createServer((_req, res) => {
  res.writeHead(200, headers)
  res.end(page)
})
server.listen(port, '127.0.0.1', () => {
  const address = server.address()
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`)
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
