import { Form } from 'react-router'
import type { SavedAddress } from '../../server/accounts/addresses.server'
import { buttonClass } from '../ui/button'

/** The account page's saved addresses: the default is filled in at checkout; others can become it. */
export function AddressBook({ addresses }: { addresses: Pick<SavedAddress, 'id' | 'fullName' | 'company' | 'addressLine1' | 'addressLine2' | 'suburb' | 'state' | 'postcode' | 'phone' | 'isDefault'>[] }) {
  return (
    <section aria-labelledby="addresses-heading" className="mt-12">
      <h2 id="addresses-heading" className="text-xl font-semibold">
        Your addresses
      </h2>
      {addresses.length === 0 ? (
        <p className="mt-3 text-slate-600">No saved addresses yet. Tick “Save this address to my account” at checkout to keep one here.</p>
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} className="rounded-lg border border-slate-200 p-4 text-sm" data-testid="saved-address">
              {address.isDefault ? <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-brand-700">Default</p> : null}
              <address className="not-italic leading-6">
                {[address.fullName, address.company, address.addressLine1, address.addressLine2, `${address.suburb} ${address.state} ${address.postcode}`, address.phone]
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
                    <button type="submit" name="intent" value="address-default" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                      Make default<span className="sr-only">: {address.addressLine1}</span>
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="addressId" value={address.id} />
                  <button type="submit" name="intent" value="address-remove" className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-red-700 hover:border-red-600">
                    Remove<span className="sr-only">: {address.addressLine1}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
