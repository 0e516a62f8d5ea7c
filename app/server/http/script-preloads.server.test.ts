import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { lowerScriptPreloads } from './script-preloads.server.ts'

async function through(chunks: Buffer[]): Promise<string> {
  return (await buffer(Readable.from(chunks).pipe(lowerScriptPreloads()))).toString('utf8')
}

/** The page cut into pieces of `size` bytes, as a renderer's writes may cut it (through characters too). */
function cut(page: string, size: number): Buffer[] {
  const bytes = Buffer.from(page)
  const pieces: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size))
  return pieces
}

const page =
  '<!DOCTYPE html><html lang="en-AU"><head><title>Caméra – 4K</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/></head>' +
  '<body><p>Prix : 1 299,00 $ — «drone»</p>' +
  '<script>document.write(\'<link rel="modulepreload" href="/x.js">\')</script></body></html>'

describe('script preloads', () => {
  it('asks for the head’s script preloads at low priority and leaves everything else as it was', async () => {
    const out = await through([Buffer.from(page)])
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-a.js" nonce="n"/>')
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/root-b.js" nonce="n"/>')
    // The body is not the head: a script's text that happens to contain the same words is untouched.
    expect(out.slice(out.indexOf('</head>'))).toBe(page.slice(page.indexOf('</head>')))
    expect(out.replaceAll(' fetchpriority="low"', '')).toBe(page)
  })

  it('gives the same page whatever the writes are cut at, through characters and through </head>', async () => {
    const whole = await through([Buffer.from(page)])
    for (const size of [1, 2, 3, 5, 7, 64, 100]) expect(await through(cut(page, size))).toBe(whole)
  })

  it('passes a page without a head through whole', async () => {
    const text = '<p>Déjà vu</p>'.repeat(50)
    expect(await through(cut(text, 9))).toBe(text)
  })
})
