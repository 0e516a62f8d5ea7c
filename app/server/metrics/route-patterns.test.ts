import { describe, expect, it } from 'vitest'
import { patternOf, routePatterns, UNMATCHED, type ManifestRoute } from './route-patterns'

/** A few of the shop's routes as the server build lists them (app/routes.ts): flat, each naming its parent. */
const MANIFEST: Record<string, ManifestRoute> = {
  root: { id: 'root', path: '' },
  'routes/home': { id: 'routes/home', parentId: 'root', index: true },
  'routes/products': { id: 'routes/products', parentId: 'root', path: 'products' },
  'routes/products.$category': { id: 'routes/products.$category', parentId: 'root', path: 'products/:category' },
  'routes/product.$productId': { id: 'routes/product.$productId', parentId: 'root', path: 'product/:productId' },
  'routes/staff/layout': { id: 'routes/staff/layout', parentId: 'root' },
  'routes/staff/product.create': { id: 'routes/staff/product.create', parentId: 'routes/staff/layout', path: 'product/create' },
  'routes/staff/orders.$orderId': { id: 'routes/staff/orders.$orderId', parentId: 'routes/staff/layout', path: 'orders/:orderId' },
  invoice: { id: 'invoice', parentId: 'root', path: 'orders/:orderId/invoice' },
  'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*' },
}

describe('route patterns', () => {
  const routeOf = routePatterns(MANIFEST)

  it('names an address by the pattern of the route that answers it, never by the address', () => {
    expect(routeOf('/')).toBe('/')
    expect(routeOf('/products')).toBe('/products')
    expect(routeOf('/products/cameras')).toBe('/products/:category')
    expect(routeOf('/product/unidrone-e900')).toBe('/product/:productId')
    expect(routeOf('/product/another-one')).toBe('/product/:productId')
    // A fixed segment ranks above a parameter, as React Router decides it; a layout adds nothing.
    expect(routeOf('/product/create')).toBe('/product/create')
    expect(routeOf('/orders/A-100')).toBe('/orders/:orderId')
    expect(routeOf('/orders/A-100/invoice')).toBe('/orders/:orderId/invoice')
  })

  it('puts every unknown address under the not-found route', () => {
    expect(routeOf('/no-such-page')).toBe('/*')
    expect(routeOf('/wp-admin/setup.php')).toBe('/*')
    expect(routeOf('/products/cameras/extra')).toBe('/*')
  })

  it('counts the data request of a client navigation as its page', () => {
    expect(routeOf('/product/unidrone-e900.data')).toBe('/product/:productId')
    expect(routeOf('/_root.data')).toBe('/')
  })

  it('names what is not a path, or not valid percent-encoding, one label', () => {
    expect(routeOf('*')).toBe(UNMATCHED)
    expect(routeOf('/product/%E0%A4%A')).toBe(UNMATCHED)
    expect(routePatterns({})('/anything')).toBe(UNMATCHED)
  })

  it('joins the paths of nested routes into one pattern', () => {
    expect(patternOf(['', undefined, 'orders/:orderId'])).toBe('/orders/:orderId')
    expect(patternOf(['/', 'staff/', '/customers'])).toBe('/staff/customers')
    expect(patternOf(['', undefined])).toBe('/')
  })
})
