import { withCommandDatabase } from './lib/command-database.ts'

await withCommandDatabase(async (database) => {
  await database.migrate()
  console.log(`Migrations applied (${database.description}).`)
})
