import { promisify } from 'node:util'
import { constants, crc32, deflateRaw as deflateRawCallback } from 'node:zlib'
import { crcCombine, crcShift } from './crc32-combine.server.ts'

const deflateRaw = promisify(deflateRawCallback)

/** What deflate can reach back: a dictionary longer than this is cut to its end. */
const WINDOW = 32 * 1024

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03])
/** An empty final block with fixed codes: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/**
 * A kept page whose CSP nonce is written anew for every response, plain and gzip-compressed, without
 * compressing it again: the page is kept as the pieces between its nonces, each piece deflated once
 * (ending byte-aligned, not final). A response joins the pieces with a fresh nonce — as a stored,
 * uncompressed deflate block in the gzip form — and closes the stream with an empty final block and
 * the checksum of what it holds, combined from the pieces' own.
 */
export class NoncePage {
  private readonly pieces: Buffer[]
  private readonly nonceBytes: number
  private deflated: Buffer[] | null = null
  private pieceCrcs: number[] = []
  private pieceShifts: number[] = []
  private readonly nonceShift: number
  /** Bytes of every plain answer: the nonce always has the same length. */
  readonly plainLength: number
  gzipLength = 0

  /** `nonce`: the one the page was rendered with; none (no policy) keeps the page as it is. */
  constructor(body: Buffer, nonce: string | undefined) {
    body = ownBytes(body)
    this.pieces = nonce ? split(body, Buffer.from(nonce)) : [body]
    this.nonceBytes = nonce ? Buffer.byteLength(nonce) : 0
    this.nonceShift = crcShift(this.nonceBytes)
    this.plainLength = body.length
  }

  plain(nonce: string): Buffer {
    const fresh = Buffer.from(nonce)
    return Buffer.concat(this.pieces.flatMap((piece, index) => (index ? [fresh, piece] : [piece])), this.plainLength)
  }

  /** Deflates the pieces (in the background, once); until then `gzipped` answers null. */
  async compress(): Promise<void> {
    // Each piece is deflated with the page before it as its dictionary, so it compresses as well as
    // one stream would. Where a nonce stood, the dictionary has bytes that occur nowhere in a page
    // (control characters, each once): no match can reach into them, so the fresh nonce the reader's
    // window holds there is never copied, and every distance stays true.
    const placeholder = Buffer.from(Array.from({ length: this.nonceBytes }, (_, index) => 1 + (index % 31)))
    const deflated: Buffer[] = []
    let before = Buffer.alloc(0)
    for (const [index, piece] of this.pieces.entries()) {
      if (index) before = Buffer.concat([before, placeholder])
      const dictionary = before.subarray(Math.max(0, before.length - WINDOW))
      const output = await deflateRaw(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary.length ? { dictionary } : {}) })
      deflated.push(ownBytes(output))
      before = Buffer.concat([before.subarray(Math.max(0, before.length - WINDOW)), piece])
    }
    const holes = this.pieces.length - 1
    this.gzipLength = GZIP_HEADER.length + deflated.reduce((sum, part) => sum + part.length, 0) + holes * (5 + this.nonceBytes) + FINAL_BLOCK.length + 8
    this.pieceCrcs = this.pieces.map((piece) => crc32(piece))
    this.pieceShifts = this.pieces.map((piece) => crcShift(piece.length))
    this.deflated = deflated
  }

  gzipped(nonce: string): Buffer | null {
    const deflated = this.deflated
    if (!deflated) return null
    const fresh = Buffer.from(nonce)
    const size = fresh.length
    // A stored block: not final, uncompressed, its length and the length's complement.
    const storedHead = Buffer.from([0x00, size & 0xff, size >> 8, ~size & 0xff, (~size >> 8) & 0xff])
    const nonceCrc = crc32(fresh)
    const parts: Buffer[] = [GZIP_HEADER]
    let crc = 0
    this.pieces.forEach((_, index) => {
      if (index) {
        parts.push(storedHead, fresh)
        crc = crcCombine(crc, nonceCrc, this.nonceShift)
      }
      parts.push(deflated[index]!)
      crc = crcCombine(crc, this.pieceCrcs[index]!, this.pieceShifts[index]!)
    })
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(this.plainLength >>> 0, 4)
    parts.push(FINAL_BLOCK, trailer)
    return Buffer.concat(parts, this.gzipLength)
  }
}

/**
 * The bytes in memory of their own. A small Buffer is a view of a shared 64 KB slab (Buffer's pool),
 * and zlib answers a short output as a view of its whole output buffer: a kept page holding such
 * views would keep whole slabs alive (about 100 MB for 200 kept pages of a dozen pieces, measured).
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes
  const own = Buffer.allocUnsafeSlow(bytes.length)
  bytes.copy(own)
  return own
}

function split(body: Buffer, separator: Buffer): Buffer[] {
  const pieces: Buffer[] = []
  let start = 0
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    pieces.push(body.subarray(start, at))
    start = at + separator.length
  }
  pieces.push(body.subarray(start))
  return pieces
}
