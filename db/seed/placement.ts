import type { ProductPlacement } from '../../app/lib/catalog.ts'

/**
 * Where the demo shop shows its products besides their own pages: four featured on the home page,
 * the use-case pictures on the products made for that work, and the parts that go with each
 * product ("Compatible and related"). Demo products not listed get none of these.
 */
export const demoPlacement: Record<string, Partial<ProductPlacement>> = {
  'unidrone-e900': {
    productFeatured: true,
    productUseCases: true,
    productRelated: [
      'unicell-6s-22000-mah-smart-battery',
      'unicharge-c2-dual-smart-charger',
      'unicase-e900-transport-case',
      'uniframe-e900-carbon-landing-gear-set',
    ],
  },
  'unipilot-x7-pro': {
    productFeatured: true,
    productUseCases: true,
    productRelated: ['unirtk-f9-gnss-module', 'unigps-m10-compass-module', 'unilink-rx8-long-range-receiver', 'uniesc-80a-foc'],
  },
  'unirtk-f9-gnss-module': { productUseCases: true, productRelated: ['unipilot-x7-pro', 'unigps-m10-compass-module'] },
  'unicam-z10-zoom-gimbal-camera': {
    productFeatured: true,
    productUseCases: true,
    productRelated: ['unilink-hd20-air-unit', 'unilink-mk32-handheld-controller', 'unidrone-e900'],
  },
  'unicam-t2-thermal-gimbal': { productUseCases: true, productRelated: ['unilink-hd20-air-unit', 'unilink-mk32-handheld-controller', 'unidrone-e900'] },
  'unicam-m24-mapping-camera': { productUseCases: true, productRelated: ['unirtk-f9-gnss-module', 'unidrone-e900'] },
  'unilink-mk32-handheld-controller': { productFeatured: true, productRelated: ['unilink-hd20-air-unit', 'unilink-rx8-long-range-receiver'] },
  'unicell-6s-22000-mah-smart-battery': { productRelated: ['unicharge-c2-dual-smart-charger', 'unidrone-e900'] },
  'unicharge-c2-dual-smart-charger': { productRelated: ['unicell-6s-22000-mah-smart-battery'] },
  'unimotor-6215-kv180': { productRelated: ['uniprop-22-7-8-carbon-propeller-pair', 'uniesc-80a-foc'] },
  'uniprop-22-7-8-carbon-propeller-pair': { productRelated: ['unimotor-6215-kv180'] },
}
