import { Transform } from 'node:stream'

const HEAD_END = Buffer.from('</head>')
const PRELOAD = '<link rel="modulepreload"'
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"'

/**
 * Passes a page through, marking the script preloads in its `<head>` `fetchpriority="low"`.
 *
 * React Router's `<Scripts>` preloads every module the page hydrates with (16 files, about 140 KB),
 * and browsers fetch module preloads at high priority, ahead of the page's largest image and even its
 * stylesheet when the preloads come first in the head (React hoists them there). On a slow phone
 * connection the page then paints only after all its JavaScript has arrived, though it needs none of
 * it to paint. At low priority the stylesheet and the first image go first; the scripts still start
 * at once and hydrate the page as soon as they are in.
 *
 * Only the head is looked at: the bytes up to `</head>` are held (the head arrives in the first
 * write of the shell) and the rest passes untouched.
 */
export function lowerScriptPreloads(): Transform {
  let held: Buffer[] = []
  let passing = false
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk)
      held.push(chunk)
      const page = held.length === 1 ? chunk : Buffer.concat(held)
      const end = page.indexOf(HEAD_END)
      if (end === -1) return callback()
      passing = true
      held = []
      // The head ends in ASCII, so cutting the bytes there never splits a character.
      const head = page.subarray(0, end).toString('utf8').replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)
      callback(null, Buffer.concat([Buffer.from(head), page.subarray(end)]))
    },
    flush(callback) {
      callback(null, held.length ? Buffer.concat(held) : null)
    },
  })
}
