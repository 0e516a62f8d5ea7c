import { promisify } from 'node:util'
import { constants, crc32, deflateRaw as deflateRawCallback } from 'node:zlib'

const deflateRaw = promisify(deflateRawCallback)

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03])
/** An empty final block with fixed codes: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/**
 * A kept page whose CSP nonce is written anew for every response, plain and gzip-compressed, without
 * compressing it again: the page is kept as the pieces between its nonces, each piece deflated once
 * on its own (ending byte-aligned, not final). A response joins the pieces with a fresh nonce — as
 * a stored, uncompressed deflate block in the gzip form — and closes the stream with an empty final
 * block and the checksum of what it holds.
 */
export class NoncePage {
  private readonly pieces: Buffer[]
  private readonly nonceBytes: number
  private deflated: Buffer[] | null = null
  /** Bytes of every plain answer: the nonce always has the same length. */
  readonly plainLength: number
  gzipLength = 0

  /** `nonce`: the one the page was rendered with; none (no policy) keeps the page as it is. */
  constructor(body: Buffer, nonce: string | undefined) {
    this.pieces = nonce ? split(body, Buffer.from(nonce)) : [body]
    this.nonceBytes = nonce ? Buffer.byteLength(nonce) : 0
    this.plainLength = body.length
  }

  plain(nonce: string): Buffer {
    const fresh = Buffer.from(nonce)
    return Buffer.concat(this.pieces.flatMap((piece, index) => (index ? [fresh, piece] : [piece])), this.plainLength)
  }

  /** Deflates the pieces (in the background, once); until then `gzipped` answers null. */
  async compress(): Promise<void> {
    const deflated = await Promise.all(this.pieces.map((piece) => deflateRaw(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })))
    const holes = this.pieces.length - 1
    this.gzipLength = GZIP_HEADER.length + deflated.reduce((sum, part) => sum + part.length, 0) + holes * (5 + this.nonceBytes) + FINAL_BLOCK.length + 8
    this.deflated = deflated
  }

  gzipped(nonce: string): Buffer | null {
    const deflated = this.deflated
    if (!deflated) return null
    const fresh = Buffer.from(nonce)
    const size = fresh.length
    // A stored block: not final, uncompressed, its length and the length's complement.
    const storedHead = Buffer.from([0x00, size & 0xff, size >> 8, ~size & 0xff, (~size >> 8) & 0xff])
    const parts: Buffer[] = [GZIP_HEADER]
    let crc = 0
    this.pieces.forEach((piece, index) => {
      if (index) {
        parts.push(storedHead, fresh)
        crc = crc32(fresh, crc)
      }
      parts.push(deflated[index]!)
      crc = crc32(piece, crc)
    })
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(this.plainLength >>> 0, 4)
    parts.push(FINAL_BLOCK, trailer)
    return Buffer.concat(parts, this.gzipLength)
  }
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
