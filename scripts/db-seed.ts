/**
 * npm run db:seed: adds the demo shop's data that is missing: the demo products that are not there
 * (those there are left alone), then each later part of the demo data once
 * (app/server/demo/demo-data.server.ts). The embedded demo
 * gets it at start by itself; a production shop only through this command.
 */
import { seedCatalog } from '../app/server/catalog/seed.server.ts'
import { addDemoData } from '../app/server/demo/demo-data.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

await withCommandDatabase(async (database) => {
  await database.migrate()
  const products = await seedCatalog(database.db)
  const added = [...(products ? [`${products} demo products`] : []), ...(await addDemoData(database.db))]
  console.log(added.length ? `Added ${added.join('; ')} (${database.description}).` : `The demo data is already complete (${database.description}).`)
})
