/**
 * npm run staff -- add <email>      grant the staff role (creating the account if there is none)
 * npm run staff -- remove <email>   take it away
 * npm run staff -- list             list staff accounts
 */
import { z } from 'zod'
import { grantStaff, listStaff, revokeStaff } from '../app/server/auth/staff.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

const [command, emailArgument] = process.argv.slice(2)
const usage = 'Usage: npm run staff -- add <email> | remove <email> | list'

const email = z.email().safeParse(emailArgument?.trim() ?? '')
if (command === 'list') {
  await withCommandDatabase(async (database) => {
    await database.migrate()
    const staff = await listStaff(database.db)
    console.log(staff.length ? staff.map((member) => member.email).join('\n') : 'There are no staff accounts.')
  })
} else if ((command === 'add' || command === 'remove') && email.success) {
  await withCommandDatabase(async (database) => {
    await database.migrate()
    const change = command === 'add' ? await grantStaff(database.db, email.data) : await revokeStaff(database.db, email.data)
    if (change.result === 'created') {
      console.log(`Created a staff account for ${change.email}. Its password (shown only now): ${change.password}`)
    } else if (change.result === 'unchanged') {
      console.log(`${change.email} ${command === 'add' ? 'is already staff' : 'is not staff'}; nothing changed.`)
    } else {
      console.log(`${change.email} ${change.result === 'granted' ? 'is now staff' : 'is no longer staff'}.`)
    }
  })
} else {
  console.error(command === 'add' || command === 'remove' ? `"${emailArgument ?? ''}" is not an e-mail address.\n${usage}` : usage)
  process.exitCode = 1
}
