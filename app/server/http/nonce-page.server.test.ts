import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { NoncePage } from './nonce-page.server'

const NONCE = 'QUJDREVGR0hJSktMTU5PUA=='
const page = Buffer.from(
  `<!doctype html><script nonce="${NONCE}">a()</script>${'<p>Kept catalogue page, with text to compress. </p>'.repeat(200)}<script nonce="${NONCE}">b()</script><p>é—end</p>`,
)

describe('a kept page with a fresh nonce per answer', () => {
  it('is the page with the new nonce in every place, plain and gzip-compressed', async () => {
    const kept = new NoncePage(page, NONCE)
    expect(kept.gzipped('x'.repeat(24)), 'no gzip form before it is made').toBeNull()
    await kept.compress()
    const fresh = 'WllYV1ZVVFNSUVBPTk1MSw=='
    const expected = Buffer.from(page.toString().replaceAll(NONCE, fresh))
    expect(kept.plain(fresh).equals(expected)).toBe(true)
    const gzipped = kept.gzipped(fresh)!
    expect(gunzipSync(gzipped).equals(expected)).toBe(true)
    expect([kept.plain(fresh).length, gzipped.length]).toEqual([kept.plainLength, kept.gzipLength])
    expect(gzipped.length).toBeLessThan(page.length / 5)
    // Nearly as small as the page compressed in one go, nonce included.
    expect(gzipped.length).toBeLessThan(gzipSync(expected, { level: 9 }).length + 80)
  })

  it('keeps a page without the nonce as it is', async () => {
    const kept = new NoncePage(Buffer.from('<p>no scripts</p>'), NONCE)
    await kept.compress()
    expect(kept.plain('x'.repeat(24)).toString()).toBe('<p>no scripts</p>')
    expect(gunzipSync(kept.gzipped('x'.repeat(24))!).toString()).toBe('<p>no scripts</p>')
  })

  it('holds only its own bytes: no shared 64 KB slab or zlib output buffer behind a small piece', async () => {
    // A small body is a view of Buffer's shared pool, as the page cache's Buffer.concat gives one.
    const pooled = Buffer.from(`<script nonce="${NONCE}">a()</script><p>short</p><script nonce="${NONCE}">b()</script>`)
    expect(pooled.buffer.byteLength, 'the pooled view sits on a larger slab').toBeGreaterThan(pooled.length)
    for (const body of [page, pooled]) {
      const kept = new NoncePage(body, NONCE)
      await kept.compress()
      const held = [...(kept as unknown as { pieces: Buffer[] }).pieces, ...(kept as unknown as { deflated: Buffer[] }).deflated]
      const backing = new Set(held.map((piece) => piece.buffer))
      const heldBytes = [...backing].reduce((sum, buffer) => sum + buffer.byteLength, 0)
      // The page itself and its deflated pieces, not a slab or a 16 KB output buffer per piece.
      expect(heldBytes).toBeLessThanOrEqual(body.length + kept.gzipLength)
    }
  })
})
