import type { ProductFields } from '../../app/lib/catalog.ts'
import type { KitComponent } from '../../app/lib/kits.ts'

/**
 * The demo catalogue's kit (docs/domain.md, Kits): the E900 as a survey crew takes it into the
 * field, with the two batteries it flies on and its case, for less than the four bought apart
 * ($15,646).
 */
export const demoKits: { fields: ProductFields; components: KitComponent[] }[] = [
  {
    fields: {
      productName: 'UniDrone E900 Mapping Kit',
      STUPID: 'prod_E900MappingKit01',
      productCategory: 'autopilots',
      productImages: [
        {
          value: '/images/products/unidrone-e900/1.svg',
          label: 'UniDrone E900 hexacopter, the heart of the mapping kit, seen from the front with its landing gear down',
          description: '',
        },
        { value: '/images/products/unicase-e900-transport-case/1.svg', label: 'The UniCase E900 transport case the kit comes in', description: '' },
      ],
      productDescriptions: [
        {
          value: '',
          label: '',
          description:
            'Everything a survey crew needs to fly the E900 on its first day: the aircraft, the two UniCell 6S 22000 mAh batteries it flies on, and the UniCase E900 transport case, for $647 less than buying them apart.',
        },
      ],
      productFeatures: [
        { value: '', label: 'Ready to fly: aircraft, a set of flight batteries and the case', description: '' },
        { value: '', label: 'Each part is the same as sold on its own, with its own warranty', description: '' },
      ],
      productSpecifications: [],
      productDimensions: [],
      productShipping: [],
      productDownloads: [],
      productPrices: [{ value: 1_499_900, label: 'Price (inc. GST)', description: '' }],
      productWeightGrams: 24_000,
      productContainsLithium: true,
      productStockOnHand: null,
    },
    components: [
      { productId: 'unidrone-e900', quantity: 1 },
      { productId: 'unicell-6s-22000-mah-smart-battery', quantity: 2 },
      { productId: 'unicase-e900-transport-case', quantity: 1 },
    ],
  },
]
