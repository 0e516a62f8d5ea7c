import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  detectImageType,
  handleUploadRequest,
  MAX_UPLOAD_BYTES,
  readBodyWithLimit,
  storeUpload,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
} from './uploads.server.ts'

const bytes = (...parts: (number[] | string)[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((character) => character.charCodeAt(0)) : part)))

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0])
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')
const GIF87 = bytes('GIF87a', [1, 0, 1, 0])
const GIF89 = bytes('GIF89a', [1, 0, 1, 0])

describe('detectImageType reads the type from the content', () => {
  it.each([
    ['PNG', PNG, 'png', 'image/png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp'],
    ['GIF87a', GIF87, 'gif', 'image/gif'],
    ['GIF89a', GIF89, 'gif', 'image/gif'],
  ])('recognises %s', (_name, content, extension, mimeType) => {
    expect(detectImageType(content)).toEqual({ extension, mimeType })
  })

  it.each([
    ['an SVG', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an SVG without a prolog', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['HTML', '<!doctype html><html><script>alert(1)</script></html>'],
    ['PHP', '<?php echo system($_GET["c"]); ?>'],
    ['plain text', 'These are my notes, not a picture.'],
    ['a PDF', '%PDF-1.7'],
    ['a RIFF file that is not WebP', 'RIFF\u0024\0\0\0WAVEfmt '],
    ['a truncated PNG signature', '\u0089PNG'],
  ])('refuses %s', (_name, text) => {
    expect(detectImageType(bytes(text))).toBeNull()
  })

  it('refuses nothing at all', () => {
    expect(detectImageType(new Uint8Array())).toBeNull()
  })
})

describe('storeUpload', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('stores each image under a new random name with the extension of its content', async () => {
    const stored = await Promise.all([storeUpload(dataDir, PNG), storeUpload(dataDir, JPEG), storeUpload(dataDir, WEBP), storeUpload(dataDir, GIF89)])
    const urls = stored.map((result) => ('url' in result ? result.url : result.error))
    expect(urls[0]).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
    expect(urls[1]).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/)
    expect(urls[2]).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/)
    expect(urls[3]).toMatch(/^\/uploads\/[0-9a-f]{32}\.gif$/)
    const again = await storeUpload(dataDir, PNG)
    expect('url' in again && again.url).not.toBe(urls[0])
    const files = await readdir(path.join(dataDir, 'uploads'))
    expect(files).toHaveLength(5)
    expect(await readFile(path.join(dataDir, urls[0]!))).toEqual(Buffer.from(PNG))
  })

  it('refuses files that are not images, too large or empty, and writes nothing', async () => {
    const before = (await readdir(path.join(dataDir, 'uploads'))).length
    expect(await storeUpload(dataDir, bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ error: UNSUPPORTED_TYPE_MESSAGE, status: 415 })
    const tooLarge = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    tooLarge.set(PNG)
    expect(await storeUpload(dataDir, tooLarge)).toEqual({ error: TOO_LARGE_MESSAGE, status: 413 })
    expect(await storeUpload(dataDir, new Uint8Array())).toMatchObject({ status: 400 })
    expect(await readdir(path.join(dataDir, 'uploads'))).toHaveLength(before)
  })

  it('accepts an image of exactly the limit', async () => {
    const atLimit = new Uint8Array(MAX_UPLOAD_BYTES)
    atLimit.set(GIF89)
    expect(await storeUpload(dataDir, atLimit)).toHaveProperty('url')
  })
})

describe('handleUploadRequest', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-request-test-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  const upload = (content: Uint8Array<ArrayBuffer>, fileName: string, type = 'image/png') => {
    const form = new FormData()
    form.set('file', new File([content], fileName, { type }))
    return new Request('http://shop.test/api/uploads', { method: 'POST', body: form })
  }

  it('names the stored file itself: the client name and claimed type play no part', async () => {
    const result = await handleUploadRequest(upload(JPEG, '../../evil.php', 'image/png'), dataDir)
    expect(result).toHaveProperty('url')
    const url = (result as { url: string }).url
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/)
    expect(url).not.toContain('evil')
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual([url.replace('/uploads/', '')])
  })

  it.each([
    ['an SVG renamed .png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['HTML renamed .png', '<html><body onload="alert(1)"></body></html>'],
    ['PHP renamed .png', '<?php phpinfo(); ?>'],
  ])('refuses %s with 415', async (_name, text) => {
    expect(await handleUploadRequest(upload(bytes(text), 'picture.png'), dataDir)).toEqual({ error: UNSUPPORTED_TYPE_MESSAGE, status: 415 })
  })

  it('refuses a body whose Content-Length is over the limit before reading it', async () => {
    let pulled = false
    const body = new ReadableStream(
      {
        pull() {
          pulled = true
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request('http://shop.test/api/uploads', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_UPLOAD_BYTES * 2) },
      duplex: 'half',
    } as RequestInit)
    expect(await handleUploadRequest(request, dataDir)).toEqual({ error: TOO_LARGE_MESSAGE, status: 413 })
    expect(pulled).toBe(false)
    expect(request.bodyUsed).toBe(false)
  })

  it('refuses an image over 5 MB sent without a length', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(PNG)
    const original = upload(big, 'big.png')
    const contentType = original.headers.get('content-type')!
    const streamed = await original.arrayBuffer()
    // The same multipart body, streamed in chunks with no Content-Length: it is read only up to the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const all = new Uint8Array(streamed)
        for (let offset = 0; offset < all.length; offset += 1 << 20) controller.enqueue(all.subarray(offset, offset + (1 << 20)))
        controller.close()
      },
    })
    const request = new Request('http://shop.test/api/uploads', {
      method: 'POST',
      body: chunks,
      headers: { 'content-type': contentType },
      duplex: 'half',
    } as RequestInit)
    expect(await handleUploadRequest(request, dataDir)).toEqual({ error: TOO_LARGE_MESSAGE, status: 413 })
  })

  it('refuses a form without a file, or not multipart', async () => {
    const form = new FormData()
    form.set('probe', '1')
    expect(await handleUploadRequest(new Request('http://shop.test/api/uploads', { method: 'POST', body: form }), dataDir)).toMatchObject({ status: 400 })
    const urlEncoded = new Request('http://shop.test/api/uploads', { method: 'POST', body: new URLSearchParams({ file: 'x' }) })
    expect(await handleUploadRequest(urlEncoded, dataDir)).toMatchObject({ status: 400 })
  })

  it('reads bodies up to the limit whole', async () => {
    const request = new Request('http://shop.test/', { method: 'POST', body: new Uint8Array([1, 2, 3]) })
    expect(await readBodyWithLimit(request, 3)).toEqual(new Uint8Array([1, 2, 3]))
    expect(await readBodyWithLimit(new Request('http://shop.test/', { method: 'POST', body: new Uint8Array([1, 2, 3]) }), 2)).toBeNull()
  })
})
