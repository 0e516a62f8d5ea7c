/**
 * npm run staff -- add <email>           grant the staff role (creating the account if there is none)
 * npm run staff -- add <email> --reset   take over an existing account: new password, signed out, verified
 * npm run staff -- remove <email>        take it away
 * npm run staff -- reset-2fa <email>     remove the account's two-step login (a lost phone) and sign it out
 * npm run staff -- list                  list staff accounts
 */
import { z } from 'zod'
import { grantStaff, listStaff, resetTwoFactor, revokeStaff, type StaffChange } from '../app/server/auth/staff.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

const args = process.argv.slice(2)
const reset = args.includes('--reset')
const [command, emailArgument] = args.filter((arg) => arg !== '--reset')
const usage = 'Usage: npm run staff -- add <email> [--reset] | remove <email> | reset-2fa <email> | list'

function report(change: StaffChange, command: 'add' | 'remove'): string {
  switch (change.result) {
    case 'created':
      return `Created a staff account for ${change.email}. Its password (shown only now): ${change.password}`
    case 'reset':
      return [
        `${change.email} is now staff. Its new password (shown only now): ${change.password}`,
        'Every session of the account was signed out and its e-mail address marked verified.',
      ].join('\n')
    case 'unverified':
      process.exitCode = 1
      return [
        `${change.email} has an account whose e-mail address was never verified, so whoever signed up with it`,
        'may not own that address, and staff rights would go to them. Nothing changed.',
        'If you vouch for the address, take the account over: this gives it a new password (printed once),',
        'signs out every session of it and marks the address verified:',
        `  npm run staff -- add ${change.email} --reset`,
      ].join('\n')
    case 'unchanged':
      return `${change.email} ${command === 'add' ? 'is already staff' : 'is not staff'}; nothing changed.`
    default:
      return `${change.email} ${change.result === 'granted' ? 'is now staff' : 'is no longer staff'}; its sessions were signed out.`
  }
}

const email = z.email().safeParse(emailArgument?.trim() ?? '')
if (command === 'list') {
  await withCommandDatabase(async (database) => {
    await database.migrate()
    const staff = await listStaff(database.db)
    console.log(staff.length ? staff.map((member) => member.email).join('\n') : 'There are no staff accounts.')
  })
} else if (command === 'reset-2fa' && email.success && !reset) {
  await withCommandDatabase(async (database) => {
    await database.migrate()
    const { hadTwoFactor } = await resetTwoFactor(database.db, email.data)
    console.log(
      hadTwoFactor
        ? `${email.data} no longer has two-step login, and every session of it was signed out. At the next login it sets up a new authenticator app.`
        : `${email.data} had no two-step login; every session of it was signed out.`,
    )
  })
} else if ((command === 'add' || command === 'remove') && email.success && !(reset && command !== 'add')) {
  await withCommandDatabase(async (database) => {
    await database.migrate()
    const change = command === 'add' ? await grantStaff(database.db, email.data, { reset }) : await revokeStaff(database.db, email.data)
    const text = report(change, command)
    if (change.result === 'unverified') console.error(text)
    else console.log(text)
  })
} else {
  console.error(
    (command === 'add' || command === 'remove' || command === 'reset-2fa') && !email.success
      ? `"${emailArgument ?? ''}" is not an e-mail address.\n${usage}`
      : usage,
  )
  process.exitCode = 1
}
