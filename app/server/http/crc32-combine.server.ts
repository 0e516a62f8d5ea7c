/**
 * CRC-32 of joined pieces from the pieces' own CRCs (zlib's crc32_combine, which Node does not
 * expose): appending `length` bytes whose CRC is `crcB` to bytes whose CRC is `crcA`. The shift by
 * `length` zero bytes is a multiplication by x^(8·length) modulo the CRC polynomial.
 */
const POLY = 0xedb88320

/** a(x)·b(x) modulo the polynomial, in the reflected bit order CRC-32 uses. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000
  let product = 0
  for (;;) {
    if (a & m) {
      product ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return product >>> 0
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const POWERS = (() => {
  const table = new Array<number>(32)
  let p = 0x40000000 // x^1
  table[0] = p
  for (let k = 1; k < 32; k++) table[k] = p = multiplyModP(p, p)
  return table
})()

/** The operator that shifts a CRC past `length` bytes: x^(8·length) modulo the polynomial. */
export function crcShift(length: number): number {
  let p = 0x80000000 // x^0
  let k = 3
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multiplyModP(POWERS[k % 32]!, p)
  }
  return p
}

/** The CRC of A followed by B, from crc(A), crc(B) and the shift operator of B's length. */
export function crcCombine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0
}
