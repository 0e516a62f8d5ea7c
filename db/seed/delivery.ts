import type { ProductLogistics } from '../../app/lib/catalog.ts'
import type { ShippingMethodInput } from '../../app/server/delivery/shipping-methods.server.ts'

/** The demo shop's shipping methods: prices GST inclusive, in cents. */
export const demoShippingMethods: ShippingMethodInput[] = [
  {
    id: 'standard',
    name: 'Standard',
    kind: 'delivery',
    priceCents: 1500,
    freeOverCents: 30_000,
    weightBands: [],
    deliveryTime: '2–6 business days',
    carriesLithium: true,
    pickupAddress: '',
    pickupHours: '',
    position: 1,
    active: true,
  },
  {
    id: 'express',
    name: 'Express',
    kind: 'delivery',
    priceCents: 3000,
    freeOverCents: null,
    weightBands: [],
    deliveryTime: '1–2 business days (by air)',
    carriesLithium: false,
    pickupAddress: '',
    pickupHours: '',
    position: 2,
    active: true,
  },
  {
    id: 'click-collect-brisbane',
    name: 'Click & Collect Brisbane',
    kind: 'collect',
    priceCents: 0,
    freeOverCents: null,
    weightBands: [],
    deliveryTime: 'Ready within 1 business day; we e-mail you when it is',
    carriesLithium: true,
    pickupAddress: 'Unit 4, 18 Lavarack Avenue, Eagle Farm QLD 4009',
    pickupHours: 'Monday to Friday 9 am – 5 pm, Saturday 9 am – 12 noon',
    position: 3,
    active: true,
  },
]

type Logistics = Omit<ProductLogistics, 'productBackorderLeadTime' | 'productAllowBackorder' | 'productLowStockThreshold'> & Partial<ProductLogistics>

const item = (productWeightGrams: number, productStockOnHand: number | null, extra: Partial<ProductLogistics> = {}): Logistics => ({
  productWeightGrams,
  productContainsLithium: false,
  productStockOnHand,
  ...extra,
})

/**
 * Packed weights, lithium batteries and stock of the demo products: enough of each kind to see every
 * label ("In stock", "Only N left", "Backorder — ships in …", "Sold out"). Products the load tests buy
 * over and over keep their stock untracked.
 */
export const demoLogistics: Record<string, Logistics> = {
  'unidrone-e900': item(9000, null),
  'unipilot-x7-pro': item(350, 12),
  'unipilot-nano-h7': item(120, 4),
  'unirtk-f9-gnss-module': item(150, 0),
  'unigps-m10-compass-module': item(80, 30),
  'unicam-z10-zoom-gimbal-camera': item(900, 6),
  'unicam-t2-thermal-gimbal': item(1100, 0, { productAllowBackorder: true, productBackorderLeadTime: '2–3 weeks' }),
  'unicam-f1-fpv-camera': item(60, null),
  'unicam-m24-mapping-camera': item(700, 9),
  'unilink-mk15-ground-control-station': item(2500, 5, { productContainsLithium: true }),
  'unilink-mk32-handheld-controller': item(1300, 8, { productContainsLithium: true }),
  'unilink-hd20-air-unit': item(120, 15),
  'unilink-rx8-long-range-receiver': item(40, 25),
  'unimotor-6215-kv180': item(450, 24),
  'unimotor-4114-kv400': item(200, null),
  'uniprop-22-7-8-carbon-propeller-pair': item(180, 40),
  'uniesc-80a-foc': item(90, null),
  'unicell-6s-22000-mah-smart-battery': item(2700, 3, { productContainsLithium: true }),
  'unicharge-c2-dual-smart-charger': item(1800, 7),
  'uniframe-e900-carbon-landing-gear-set': item(600, 10),
  'unicase-e900-transport-case': item(7500, 4),
}
