import QRCode from 'qrcode'

const QUIET_ZONE = 4

/** The dark modules of `value`'s QR code as one SVG path, with a quiet zone of four modules around it. */
export function qrPath(value: string): { path: string; modules: number } {
  const { size, data } = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules
  let path = ''
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (data[row * size + column]) path += `M${column + QUIET_ZONE},${row + QUIET_ZONE}h1v1h-1z`
    }
  }
  return { path, modules: size + 2 * QUIET_ZONE }
}
