import { crc32, deflateSync } from 'node:zlib'
import type { Locator } from '@playwright/test'

/** A real PNG (a solid square), made here so the upload carries bytes no file name can vouch for. */
export function pngSquare(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const checksum = Buffer.alloc(4)
    checksum.writeUInt32BE(crc32(typeAndData))
    return Buffer.concat([length, typeAndData, checksum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // true colour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [red, green, blue]).flat())])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Drops files on an element as a person dragging them from their desktop would (dragenter, dragover, drop). */
export async function dropFiles(target: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const dataTransfer = await target.page().evaluateHandle(
    (list) => {
      const transfer = new DataTransfer()
      for (const file of list)
        transfer.items.add(new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: file.mimeType }))
      return transfer
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  )
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer })
}
