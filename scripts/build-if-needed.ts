/**
 * `npm start` builds the shop only when the build is missing or older than any source file,
 * so a fresh clone starts with one command and a second start is immediate.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const output = 'build/server/index.js'
const sources = ['app', 'public', 'db/seed', 'vite.config.ts', 'react-router.config.ts', 'package.json']

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs)
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building the shop…')
  const result = spawnSync('react-router', ['build'], { stdio: 'inherit', shell: false })
  if (result.error) {
    // A production install (`npm prune --omit=dev`) has no build tools: it must be built before pruning.
    console.error('The build tools are not installed (an install with --omit=dev?): run `npm install && npm run build`, then prune.')
    process.exit(1)
  }
  if (result.status !== 0) process.exit(result.status ?? 1)
}
