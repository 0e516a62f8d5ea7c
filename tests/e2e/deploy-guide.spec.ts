/**
 * docs/deploy.md followed as a new operator follows it, as far as this machine allows: its own blocks
 * run as written, with only the machine's details changed (paths, ports, names, `sudo -u postgres`
 * for this server's trust login). The configuration file is read as systemd reads an
 * EnvironmentFile and as the operator's shell reads it (`set -a; . env`), and the two must agree;
 * the processes start as the unit starts them (§5); the database (§3), staff (§8), backup and
 * restore drill (§10) commands run from a shell. nginx in front is nginx-tls.spec.ts.
 * Needs TEST_DATABASE_URL (.ci/run sets it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { withConnection } from '../../scripts/lib/scratch-database'
import { postgresTurn } from './support/postgres-turn'
import { fixedPort } from './support/process'

const ADMIN_URL = process.env.TEST_DATABASE_URL
test.skip(!ADMIN_URL, 'TEST_DATABASE_URL is not set: the guide deploys on PostgreSQL (.ci/run sets it).')

const GUIDE = readFileSync('docs/deploy.md', 'utf8')

/** The guide's fenced block in `language` whose text includes `marker`. */
function block(language: string, marker: string): string {
  const found = [...GUIDE.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!).find((text) => text.includes(marker))
  if (!found) throw new Error(`docs/deploy.md has no ${language} block with ${marker}`)
  return found
}

/**
 * An EnvironmentFile as systemd reads it (systemd.exec(5), EnvironmentFile=): lines starting with
 * `#` or `;` and lines without `=` are ignored; a value in single quotes is taken verbatim, one in
 * double quotes with the shell's escapes; an unquoted value keeps everything up to the end of the
 * line (a `#` in it is part of the value, not a comment) with the shell's backslash escapes, its
 * outer whitespace trimmed.
 */
function systemdEnvironment(text: string): Record<string, string> {
  const env: Record<string, string> = {}
  let at = 0
  const peek = () => text[at] ?? ''
  while (at < text.length) {
    while (' \t\r\n'.includes(peek()) && at < text.length) at++
    const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at)
    const line = text.slice(at, lineEnd)
    if (line.startsWith('#') || line.startsWith(';') || !line.includes('=')) {
      at = lineEnd + 1
      continue
    }
    const key = line.slice(0, line.indexOf('=')).trim()
    at += line.indexOf('=') + 1
    while (' \t'.includes(peek()) && peek() !== '') at++
    let value = ''
    if (peek() === "'") {
      const close = text.indexOf("'", at + 1)
      value = text.slice(at + 1, close)
      at = close + 1
    } else if (peek() === '"') {
      at++
      while (at < text.length && peek() !== '"') {
        const next = text[at + 1] ?? ''
        if (peek() === '\\' && next === '\n') at += 2
        else if (peek() === '\\' && '"\\$`'.includes(next)) {
          value += next
          at += 2
        } else value += text[at++]
      }
      at++
    } else {
      while (at < text.length && peek() !== '\n') {
        if (peek() === '\\') {
          at++
          if (peek() !== '\n') value += text[at]
          at++
        } else value += text[at++]
      }
      value = value.trim()
    }
    // After a closing quote only whitespace may follow on the line.
    const rest = text.slice(at, text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at))
    if (rest.trim()) throw new Error(`${key}: systemd would read "${rest.trim()}" after the quoted value`)
    env[key] = value
  }
  return env
}

/** What the operator's shell has after `set -a; . file; set +a` (the guide's commands), for `keys`. */
function shellEnvironment(file: string, keys: string[]): Record<string, string> {
  const dump = `process.stdout.write(JSON.stringify(Object.fromEntries(${JSON.stringify(keys)}.map((key) => [key, process.env[key]]))))`
  const result = spawnSync('sh', ['-c', `set -a; . "${file}"; set +a; exec "${process.execPath}" -e '${dump}'`], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  })
  expect(result.stderr, 'the shell reads the file without complaint').toBe('')
  expect(result.status).toBe(0)
  return JSON.parse(result.stdout) as Record<string, string>
}

/** A block of the guide's shell commands, run by `sh -e` in the release directory; its output. */
function runCommands(commands: string, env: Record<string, string> = {}): string {
  const result = spawnSync('sh', ['-ec', commands], { encoding: 'utf8', env: { ...process.env, ...env } })
  expect(result.status, `${commands}\n${result.stdout}\n${result.stderr}`).toBe(0)
  return result.stdout
}

test('a new operator follows the deployment guide: its configuration reads the same to systemd and the shell, and the database, unit, staff, backup and restore steps work as written', async () => {
  test.setTimeout(240_000)
  const release = await postgresTurn()
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-guide-'))
  const name = `guide_${randomBytes(4).toString('hex')}`
  const ports = [fixedPort(3447), fixedPort(3448)]
  const processes: ChildProcess[] = []
  try {
    // §4: the configuration file as printed. Both readers take every line alike.
    const printed = block('sh', '# /etc/unidrone-shop/env')
    writeFileSync(path.join(dir, 'printed.env'), printed)
    const asSystemd = systemdEnvironment(printed)
    expect(Object.keys(asSystemd)).toEqual(
      expect.arrayContaining(['NODE_ENV', 'HOST', 'PUBLIC_URL', 'TRUST_PROXY', 'DATABASE_URL', 'DATA_DIR', 'MAIL_FROM', 'SHOP_NAME']),
    )
    expect(shellEnvironment(path.join(dir, 'printed.env'), Object.keys(asSystemd))).toEqual(asSystemd)

    // This machine's details for the guide's.
    const envFile = path.join(dir, 'env')
    const backups = path.join(dir, 'backups')
    const local = (text: string) =>
      text
        .replaceAll('/srv/unidrone-shop/current', process.cwd())
        .replaceAll('/etc/unidrone-shop/env', envFile)
        .replaceAll('/var/backups/unidrone', backups)
        .replaceAll('/var/lib/unidrone-shop', path.join(dir, 'data'))
        .replaceAll('sudo -u postgres ', '')
        .replaceAll('--pwprompt ', '')
        .replace(/\bunidrone(?=_drill\b|\b)(?![-.])/g, name)
        .replaceAll('127.0.0.1:3001', `127.0.0.1:${ports[0]}`)
        .replaceAll('127.0.0.1:3002', `127.0.0.1:${ports[1]}`)
    const adminUrl = new URL(ADMIN_URL!)
    const asAdmin = { PGHOST: adminUrl.hostname, PGPORT: adminUrl.port || '5432', PGUSER: decodeURIComponent(adminUrl.username) }

    // §3: the database and its owner.
    runCommands(local(block('sh', 'createuser')), asAdmin)
    const secret = randomBytes(36).toString('base64')
    const placeholders: Record<string, string> = {
      BETTER_AUTH_SECRET: secret,
      // Nothing listens there: mail stays queued in the outbox, as while a mail server is away.
      SMTP_URL: 'smtp://127.0.0.1:9',
      STRIPE_SECRET_KEY: 'sk_live_guideWalk0000000000',
      STRIPE_WEBHOOK_SECRET: 'whsec_guideWalk0000000000',
      GOOGLE_CLIENT_ID: 'guide-walk.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'guide-walk-secret',
    }
    const configured = local(printed)
      .split('\n')
      .map((line) => {
        const key = /^([A-Z_]+)=/.exec(line)?.[1]
        return key && key in placeholders ? `${key}=${placeholders[key]}` : line
      })
      .join('\n')
      .replace('PASSWORD@', 'unused@')
    writeFileSync(envFile, configured, { mode: 0o600 })
    const env = systemdEnvironment(configured)
    expect(Object.values(env).join('\n'), 'every placeholder is given a value').not.toContain('…')
    expect(env.DATABASE_URL).toBe(`postgres://${name}:unused@127.0.0.1:5432/${name}`)
    runCommands(local(block('sh', 'npm run db:migrate')))

    // §5: the unit, twice, as systemd starts it: its working directory, the file, PORT from the instance.
    const unit = local(block('ini', '# /etc/systemd/system/unidrone-shop@.service'))
    const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1]
    expect(setting('EnvironmentFile')).toBe(envFile)
    expect(setting('WorkingDirectory')).toBe(process.cwd())
    expect(setting('Environment')).toBe('PORT=%i')
    const [binary, ...args] = setting('ExecStart')!.split(' ')
    const outputs: string[] = []
    for (const [index, port] of ports.entries()) {
      const child = spawn(binary!, args, {
        cwd: setting('WorkingDirectory'),
        env: { PATH: '/usr/bin:/bin', ...env, PORT: String(port), LOG_LEVEL: 'warn' },
        stdio: 'pipe',
      })
      outputs[index] = ''
      const keep = (chunk: Buffer) => (outputs[index] = `${outputs[index] ?? ''}${String(chunk)}`)
      child.stdout!.on('data', keep)
      child.stderr!.on('data', keep)
      processes.push(child)
    }
    // The section's own check, once both are up.
    const ready = local(/^curl .*$/m.exec(block('sh', 'systemctl enable --now'))![0])
    for (const deadline = Date.now() + 120_000; spawnSync('sh', ['-c', ready]).status !== 0;) {
      if (Date.now() > deadline || processes.some((child) => child.exitCode !== null)) throw new Error(`not ready:\n${outputs.join('\n')}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }

    // §8: the first staff account, then the list.
    const staff = runCommands(
      local(block('sh', 'npm run staff -- add owner@example.com'))
        .split('\n')
        .filter((line) => !/staff -- (remove|reset-2fa)/.test(line))
        .join('\n'),
    )
    expect(staff).toMatch(/password \(shown only now\): \S+/)
    expect(staff).toMatch(/owner@example\.com/)

    // §10: a backup while both processes serve, the old ones pruned; then the restore drill into a new database.
    const backup = runCommands(local(block('sh', 'npm run backup -- --out')))
    expect(backup).toMatch(/Backup written: .*\.backup\.gz\n {2}\d+ tables, \d+ rows\n/)
    const file = /Backup written: (\S+)/.exec(backup)![1]!
    const drill = local(block('sh', 'npm run restore --')).replace(/\/\S+\/shop-2026-11-28T0300\.backup\.gz/, file)
    const restored = runCommands(drill, asAdmin)
    expect(restored).toContain('checksum correct')
    expect(restored).toMatch(/Restored into postgres:\/\/…@127\.0\.0\.1:5432\/guide_\w+_drill/)
  } finally {
    for (const child of processes) child.kill('SIGTERM')
    await Promise.all(processes.map((child) => (child.exitCode === null ? new Promise((resolve) => child.on('exit', resolve)) : null)))
    await withConnection(ADMIN_URL!, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}_drill WITH (FORCE)`)
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.query(`DROP ROLE IF EXISTS ${name}`)
    })
    rmSync(dir, { recursive: true, force: true })
    await release()
  }
})
