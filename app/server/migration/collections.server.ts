import type { CollectionDefinition } from './collection.server.ts'
import { contactsCollection } from './collections/contacts.server.ts'
import { historyCollection } from './collections/history.server.ts'
import { imagesCollection } from './collections/images.server.ts'
import { ordersCollection } from './collections/orders.server.ts'
import { productsCollection } from './collections/products.server.ts'
import { profilesCollection } from './collections/profiles.server.ts'
import { promotionsCollection } from './collections/promotions.server.ts'
import { templatesCollection } from './collections/templates.server.ts'
import type { MigrationCollection } from './format.ts'

export const COLLECTION_DEFINITIONS: Record<MigrationCollection, CollectionDefinition> = {
  products: productsCollection,
  templates: templatesCollection,
  contacts: contactsCollection,
  profiles: profilesCollection,
  promotions: promotionsCollection,
  orders: ordersCollection,
  history: historyCollection,
  images: imagesCollection,
}

/** Documents per page (export) or batch (import): the collection's own, or `fallback`. */
export function pageSizeOf(collection: MigrationCollection, fallback: number): number {
  return COLLECTION_DEFINITIONS[collection].pageSize ?? fallback
}

/** Why a collection cannot be imported, or null when it can. */
export function importRefusal(collection: MigrationCollection): string | null {
  const { importer } = COLLECTION_DEFINITIONS[collection]
  return 'readOnly' in importer ? importer.readOnly : null
}
