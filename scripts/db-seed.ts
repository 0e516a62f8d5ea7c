import { seedCatalog } from '../app/server/catalog/seed.server.ts'
import { addDemoDeliveryData } from '../app/server/delivery/demo-delivery.server.ts'
import { addDemoPromotions } from '../app/server/promotions/demo-promotions.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

await withCommandDatabase(async (database) => {
  await database.migrate()
  const added = await seedCatalog(database.db)
  if (await addDemoDeliveryData(database.db)) console.log('Added the demo shipping methods, and the demo products’ weights and stock.')
  if (await addDemoPromotions(database.db)) console.log('Added the demo kit offer.')
  console.log(added ? `Added ${added} demo products (${database.description}).` : `The demo catalogue is already complete (${database.description}).`)
})
