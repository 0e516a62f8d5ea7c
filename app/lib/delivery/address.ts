/** Who receives an order, and where: what invoices, payment pages and staff screens show. */
export interface OrderDelivery {
  customerName: string
  email: string | null
  phone: string
  company: string
  abn: string
  shippingMethodId: string
  shippingMethodName: string
  collect: boolean
  pickupAddress: string
  addressLine1: string
  addressLine2: string
  suburb: string
  state: string
  postcode: string
}

/** The delivery address as lines for a label, or null for Click & Collect and orders without one. */
export function addressLines(delivery: Pick<OrderDelivery, 'collect' | 'addressLine1' | 'addressLine2' | 'suburb' | 'state' | 'postcode'>): string[] | null {
  if (delivery.collect || !delivery.addressLine1) return null
  return [delivery.addressLine1, delivery.addressLine2, `${delivery.suburb} ${delivery.state} ${delivery.postcode}`].filter(Boolean)
}
