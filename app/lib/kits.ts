/**
 * Kits (docs/domain.md, Kits): a product made of other products or variants, each in a quantity,
 * sold at a price staff set. A kit keeps no stock of its own: what it can sell is what its
 * components allow, and selling it holds and takes their units.
 */

/** At most this many different components in one kit. */
export const MAX_KIT_COMPONENTS = 8
/** At most this many of one component in one kit. */
export const MAX_COMPONENT_QUANTITY = 20

/** One component of a kit, as the kit keeps it. */
export interface KitComponent {
  productId: string
  quantity: number
}

/** One component of a kit with its name then: what a quote's line keeps of the kit it quotes. */
export interface NamedKitComponent extends KitComponent {
  productName: string
}

/** One component of a kit as an order line keeps it: its name then, how many a kit holds, and the units held for the line. */
export interface KitLineComponent extends NamedKitComponent {
  /** Units of the component held for the whole line (0 when its stock was not tracked). */
  reserved: number
}

/** What a kit's availability depends on of one component. */
export interface ComponentStock {
  quantity: number
  /** Units available now; null when its stock is not tracked. */
  available: number | null
  allowBackorder: boolean
  /** In the shop: a draft, archived or deleted component makes the kit unavailable. */
  sellable: boolean
}

/**
 * How many kits the components allow: the fewest whole kits any tracked component covers. Null when
 * none limits it (no component tracked, or all on backorder).
 */
export function kitAvailable(components: readonly ComponentStock[]): number | null {
  let fewest: number | null = null
  for (const component of components) {
    if (!component.sellable) return 0
    if (component.available === null || component.allowBackorder) continue
    const kits = Math.floor(Math.max(0, component.available) / Math.max(1, component.quantity))
    fewest = fewest === null ? kits : Math.min(fewest, kits)
  }
  return fewest
}

/** "1 × UniDrone E900, 2 × UniCell 6S 22000 mAh Smart Battery": a kit's contents in one line. */
export function kitContents(components: readonly { productName: string; quantity: number }[]): string {
  return components.map((component) => `${component.quantity} × ${component.productName}`).join(', ')
}

/**
 * A line's name where its contents matter to the buyer (the tax invoice, the order e-mail, the quote):
 * a kit's with what it holds, "UniDrone E900 Mapping Kit (kit of 1 × UniDrone E900, …)"; anything
 * else's as it is.
 */
export function lineNameWithContents(line: { productName: string; kitComponents?: readonly { productName: string; quantity: number }[] }): string {
  return line.kitComponents && line.kitComponents.length > 0 ? `${line.productName} (kit of ${kitContents(line.kitComponents)})` : line.productName
}

/** The units of each component that `kits` kits take. */
export function componentUnits(components: readonly KitComponent[], kits: number): KitComponent[] {
  return components.map((component) => ({ productId: component.productId, quantity: component.quantity * kits }))
}
