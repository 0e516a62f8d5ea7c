/**
 * The baseline of `npm run bench`: a plain Node `http` server that answers every request with
 * the same 4 KB HTML page. `node scripts/bench/plain-server.ts <port>`; listens on 127.0.0.1.
 */
import { createServer } from 'node:http'

const port = Number(process.argv[2] ?? 0)
const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>'
const tail = '</p></main></body></html>\n'
const page = Buffer.from(head + 'x'.repeat(4096 - head.length - tail.length) + tail)

const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': page.length })
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
