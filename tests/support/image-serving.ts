import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type express from 'express'
import sharp from 'sharp'

/** A photo stored sideways (EXIF orientation 6: upright it is `height` × `width`) with a camera name in its EXIF. */
export function sidewaysPhoto(
  width: number,
  height: number,
  background: { r: number; g: number; b: number },
  exif: Record<string, Record<string, string>> = {},
) {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' }, ...exif })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** Serves an Express app on a free loopback port, as one shop process would: its origin and how to stop it. */
export async function serveOnLoopback(app: express.Express): Promise<{ base: string; close: () => Promise<unknown> }> {
  const server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
