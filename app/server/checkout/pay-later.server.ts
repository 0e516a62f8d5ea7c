import { and, desc, eq } from 'drizzle-orm'
import { DEFAULT_PAY_LATER, payLaterSettingOf, type PayLaterSetting } from '../../lib/pay-later.ts'
import { catalogWritten, noteCatalogChange } from '../catalog/catalog-events.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { history, shopSettings } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'

/** Where the setting is kept in shop_settings, and the id of its history rows (collection `settings`). */
export const PAY_LATER_SETTINGS_KEY = 'pay-later'

/** The stored setting, or the default (off, $2,000) when staff never saved one. */
export async function readPayLaterSetting(db: Executor): Promise<PayLaterSetting> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, PAY_LATER_SETTINGS_KEY)).limit(1)
  return row ? payLaterSettingOf(row.value) : DEFAULT_PAY_LATER
}

/**
 * Saves the setting with its history row. Product pages and the cart show the message from it, and
 * product pages are kept in the page cache: the save counts as a catalogue change in the same
 * transaction, so every process retires its kept pages (this one at once, others within a second).
 */
export async function savePayLaterSetting(db: Database, setting: PayLaterSetting, updatedBy: string): Promise<void> {
  const value = { enabled: setting.enabled, maxCents: setting.maxCents }
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ key: shopSettings.key }).from(shopSettings).where(eq(shopSettings.key, PAY_LATER_SETTINGS_KEY)).limit(1)
    await tx.insert(shopSettings).values({ key: PAY_LATER_SETTINGS_KEY, value }).onConflictDoUpdate({ target: shopSettings.key, set: { value } })
    await recordHistory(tx, { collection: 'settings', documentId: PAY_LATER_SETTINGS_KEY, action: before ? 'update' : 'create', document: value, updatedBy })
    await noteCatalogChange(tx)
  })
  catalogWritten()
}

/** Who saved the setting last, and when (null: nobody yet, it is the default). */
export async function lastPayLaterChange(db: Executor): Promise<{ at: Date; by: string } | null> {
  const [row] = await db
    .select({ at: history.updatedAt, by: history.updatedBy })
    .from(history)
    .where(and(eq(history.collection, 'settings'), eq(history.documentId, PAY_LATER_SETTINGS_KEY)))
    .orderBy(desc(history.id))
    .limit(1)
  return row ?? null
}
