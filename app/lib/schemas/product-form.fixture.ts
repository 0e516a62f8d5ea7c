/** A product form with every list empty, for tests of the product rules to fill in. */
export const blankProductForm = {
  productName: '',
  STUPID: '',
  productCategory: '',
  productImages: [],
  productDescriptions: [],
  productFeatures: [],
  productSpecifications: [],
  productDimensions: [],
  productShipping: [],
  productDownloads: [],
  productPrices: [],
}

/** The same, named and filed, so that it passes. */
export const validProductForm = { ...blankProductForm, productName: 'Test Drone', STUPID: 'prod_1', productCategory: 'cameras' }
