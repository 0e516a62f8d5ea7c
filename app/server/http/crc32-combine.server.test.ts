import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crcCombine, crcShift } from './crc32-combine.server'

describe('CRC-32 of joined pieces', () => {
  it('is the CRC of the whole, for pieces of any length', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 24],
      [24, 65_537],
      [70_000, 3],
      [5, 1_000_003],
    ] as const) {
      const first = randomBytes(a)
      const second = randomBytes(b)
      expect(crcCombine(crc32(first), crc32(second), crcShift(b))).toBe(crc32(Buffer.concat([first, second])))
    }
  })
})
