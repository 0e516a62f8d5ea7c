import { mkdir, open, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

interface Holder {
  pid: number
  /** The Unix socket the holder serves the database on, if it is a running shop. */
  socket: string | null
}

/** Lock files this process holds, so that a stale file naming a reused pid is still recognised. */
const held = new Set<string>()

export type Lock = { acquired: true; release(): Promise<void> } | { acquired: false; holder: Holder }

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A lock file that names its holder. A lock left by a process that no longer exists (a crash,
 * `kill -9`) is taken over, so a stale file never keeps the shop from starting.
 */
export async function acquireLock(file: string, me: { socket: string | null }): Promise<Lock> {
  await mkdir(path.dirname(file), { recursive: true })
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx')
      await handle.writeFile(JSON.stringify({ pid: process.pid, socket: me.socket } satisfies Holder))
      await handle.close()
      held.add(file)
      return {
        acquired: true,
        release: async () => {
          held.delete(file)
          await rm(file, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = await readHolder(file)
    const heldByOther = holder && isAlive(holder.pid) && (holder.pid !== process.pid || held.has(file))
    if (holder && heldByOther) return { acquired: false, holder }
    await rm(file, { force: true })
  }
  throw new Error(`Could not take the lock ${file}`)
}

async function readHolder(file: string): Promise<Holder | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Holder>
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, socket: parsed.socket ?? null } : null
  } catch {
    return null
  }
}
