import { seedCatalog } from '../app/server/catalog/seed.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

await withCommandDatabase(async (database) => {
  await database.migrate()
  const added = await seedCatalog(database.db)
  console.log(added ? `Added ${added} demo products (${database.description}).` : `The demo catalogue is already complete (${database.description}).`)
})
