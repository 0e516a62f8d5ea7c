import { Form } from 'react-router'
import type { SavedAddress } from '../../server/accounts/addresses.server'
import { Button } from '../ui/button'

/** The account page's saved addresses: the default is filled in at checkout; others can become it. */
export function AddressBook({
  addresses,
  className = '',
}: {
  addresses: Pick<SavedAddress, 'id' | 'fullName' | 'company' | 'addressLine1' | 'addressLine2' | 'suburb' | 'state' | 'postcode' | 'phone' | 'isDefault'>[]
  className?: string
}) {
  return (
    <section aria-labelledby="addresses-heading" className={className}>
      <h2 id="addresses-heading" className="text-xl font-semibold">
        Delivery addresses
      </h2>
      {addresses.length === 0 ? (
        <p className="mt-3 text-slate-600">No saved addresses yet. Tick “Save this address to my account” at checkout to keep one here.</p>
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} className="rounded-lg border border-slate-200 p-4 text-sm" data-testid="saved-address">
              {address.isDefault ? <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-brand-700">Default</p> : null}
              <address className="not-italic leading-6">
                {[
                  address.fullName,
                  address.company,
                  address.addressLine1,
                  address.addressLine2,
                  `${address.suburb} ${address.state} ${address.postcode}`,
                  address.phone,
                ]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
              </address>
              <div className="mt-3 flex flex-wrap gap-2">
                {address.isDefault ? null : (
                  <Form method="post">
                    <input type="hidden" name="addressId" value={address.id} />
                    <Button type="submit" name="intent" value="address-default" variant="secondary" size="sm">
                      Make default<span className="sr-only">: {address.addressLine1}</span>
                    </Button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="addressId" value={address.id} />
                  <Button type="submit" name="intent" value="address-remove" variant="danger" size="sm">
                    Remove<span className="sr-only">: {address.addressLine1}</span>
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
