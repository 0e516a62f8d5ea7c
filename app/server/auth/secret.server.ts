import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ConfigError, type Env } from '../env.server.ts'

/**
 * The key that signs session cookies. Production must set BETTER_AUTH_SECRET; the demo keeps a
 * generated one in DATA_DIR so that sign-ins survive a restart.
 */
export async function resolveAuthSecret(config: Env): Promise<string> {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET
  if (config.NODE_ENV === 'production') {
    throw new ConfigError('Configuration error: BETTER_AUTH_SECRET must be set in production (32 characters or more)')
  }
  const file = path.join(config.DATA_DIR, 'auth-secret')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    const secret = randomBytes(32).toString('base64url')
    await mkdir(config.DATA_DIR, { recursive: true })
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined)
    return (await readFile(file, 'utf8')).trim()
  }
}
