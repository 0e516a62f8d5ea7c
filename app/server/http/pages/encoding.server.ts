import Negotiator from 'negotiator'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * How a page goes out: Brotli for browsers (they all accept it), gzip for clients that accept only
 * gzip, as it is for the rest. The choice follows the request's Accept-Encoding by `negotiator`, the
 * parser Express's own `compression` uses.
 */
export type PageEncoding = 'br' | 'gzip' | 'identity'

const OFFERED: PageEncoding[] = ['br', 'gzip', 'identity']

/** negotiator 1.x's `encoding` (its published types describe 0.6, without the preference). */
interface Preferring {
  encoding(available: string[], options: { preferred: string[] }): string | undefined
}

/**
 * Browsers send one of a handful of Accept-Encoding values: the choice for each is kept (up to 64
 * values, forgotten all at once beyond), so a cached page's answer does not parse the header again.
 */
const chosen = new Map<string, PageEncoding>()

export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding {
  const key = acceptEncoding ?? ''
  let encoding = chosen.get(key)
  if (encoding === undefined) {
    if (chosen.size >= 64) chosen.clear()
    encoding = negotiate(acceptEncoding)
    chosen.set(key, encoding)
  }
  return encoding
}

function negotiate(acceptEncoding: string | undefined): PageEncoding {
  // negotiator reads the header only; `identity` is acceptable unless refused outright. Between
  // encodings of equal weight the shop's preference decides, not the header's order ("gzip, deflate, br").
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as Preferring
  return (negotiator.encoding(OFFERED, { preferred: OFFERED }) as PageEncoding | undefined) ?? 'identity'
}

/** Smaller pages (redirect bodies, short errors) are sent as they are. */
export const MIN_COMPRESSED_BYTES = 1024

/**
 * A whole page compressed in one synchronous call: Brotli at quality 3 with a window just large enough
 * for the page, or gzip at level 3 (docs/decisions/032-compression-of-rendered-pages.md). Quality 3
 * costs a 50 KB page about 0.2 ms and gives within a few per cent of what the highest levels give.
 */
export function compressPage(body: Buffer, encoding: PageEncoding): Buffer {
  if (encoding === 'identity') return body
  if (encoding === 'gzip') return gzipSync(body, { level: 3 })
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 3,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}

/**
 * Brotli's window: the smallest that holds the whole page (64 KB for most pages, at most 256 KB).
 * A larger one than the page needs changes nothing in the output but costs time to set up.
 */
export function brotliWindowBits(bytes: number): number {
  return Math.min(18, Math.max(16, Math.ceil(Math.log2(bytes + 16))))
}
