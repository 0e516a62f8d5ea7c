import { once } from 'node:events'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brotliWindowBits, pageEncodingFor } from './encoding.server'
import { isHtmlAnswer, renderedPages } from './rendered-pages.server'

describe('pageEncodingFor', () => {
  it('answers browsers with Brotli, gzip-only clients with gzip, and others plainly', () => {
    expect(pageEncodingFor('gzip, deflate, br')).toBe('br')
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br')
    expect(pageEncodingFor('gzip')).toBe('gzip')
    expect(pageEncodingFor('br;q=0, gzip')).toBe('gzip')
    expect(pageEncodingFor('BR')).toBe('br')
    expect(pageEncodingFor('*')).toBe('br')
    expect(pageEncodingFor('gzip;q=0')).toBe('identity')
    expect(pageEncodingFor('identity')).toBe('identity')
    expect(pageEncodingFor('')).toBe('identity')
    expect(pageEncodingFor(undefined)).toBe('identity')
  })
})

describe('brotliWindowBits', () => {
  it('takes the smallest window that holds the page, between 64 KB and 256 KB', () => {
    expect(brotliWindowBits(2_000)).toBe(16)
    expect(brotliWindowBits(52_544)).toBe(16)
    expect(brotliWindowBits(65_520)).toBe(16)
    expect(brotliWindowBits(65_521)).toBe(17)
    expect(brotliWindowBits(150_000)).toBe(18)
    expect(brotliWindowBits(5_000_000)).toBe(18)
  })
})

/** A page written as React writes one: many small pieces, each followed by a flush. */
const PAGE = `<!DOCTYPE html><html><body>${Array.from({ length: 200 }, (_, index) => `<p>Line ${index} of the page</p>`).join('')}</body></html>`
const CSV = 'id,name\n' + Array.from({ length: 300 }, (_, index) => `${index},Product ${index}`).join('\n')

let base = ''
let server: ReturnType<express.Express['listen']>
beforeAll(async () => {
  const app = express()
  app.use(compression({ filter: (req, res) => !isHtmlAnswer(res as express.Response) && compression.filter(req, res) }))
  app.use(renderedPages(null))
  app.get('/page', (_req, res) => {
    res.status(200).append('Content-Type', 'text/html; charset=utf-8')
    const pieces = PAGE.match(/.{1,300}/gs)!
    const next = () => {
      const piece = pieces.shift()
      if (piece === undefined) return void res.end()
      res.write(Buffer.from(piece))
      ;(res as unknown as { flush?: () => void }).flush?.()
      setImmediate(next)
    }
    next()
  })
  app.get('/small', (_req, res) => void res.type('html').send('<p>Moved.</p>'))
  app.get('/file.csv', (_req, res) => void res.type('text/csv').send(CSV))
  server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

describe('renderedPages', () => {
  it('sends a page written in pieces as one Brotli body with its length, for a browser', async () => {
    const answer = await get('/page', { 'accept-encoding': 'gzip, deflate, br' })
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['vary']).toContain('Accept-Encoding')
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(answer.headers['transfer-encoding']).toBeUndefined()
    expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE)
    expect(answer.body.length).toBeLessThan(PAGE.length / 4)
  })

  it('uses gzip for a client that takes only gzip, and no encoding for one that takes none', async () => {
    const gzip = await get('/page', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE)
    const plain = await get('/page', {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(PAGE)
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(PAGE))
  })

  it('leaves small pages plain and other types to the compression middleware', async () => {
    const small = await get('/small', { 'accept-encoding': 'br' })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body.toString()).toBe('<p>Moved.</p>')
    const csv = await get('/file.csv', { 'accept-encoding': 'gzip' })
    expect(csv.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(csv.body).toString()).toBe(CSV)
  })
})
