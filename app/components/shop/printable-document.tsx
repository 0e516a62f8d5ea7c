import { Link } from 'react-router'

interface Seller {
  name: string
  legalName: string
  abn: string
  address: string
  email: string
}

/**
 * A printable tax document (tax invoice, adjustment note): the way back and the print hint (hidden
 * when printed), the title, the seller with their ABN beside the buyer, as the tax office asks, and
 * at the end where to write about it (`about`: "this invoice").
 */
export function PrintableDocument({
  back,
  title,
  seller,
  buyer,
  deliverTo,
  about,
  children,
}: {
  back: { to: string; label: string }
  title: string
  seller: Seller
  buyer: string[]
  deliverTo?: string[]
  about: string
  children: React.ReactNode
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <p className="flex flex-wrap gap-4 text-sm print:hidden">
        <Link to={back.to} className="text-brand-700 hover:underline">
          ← {back.label}
        </Link>
        <span>Print this page, or save it as PDF from your browser’s print dialog.</span>
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 grid gap-6 text-sm sm:grid-cols-2">
        <div>
          <h2 className="font-semibold">From</h2>
          <p className="mt-1 leading-6">
            {seller.legalName} (trading as {seller.name})
            <br />
            <span data-testid="seller-abn">ABN {seller.abn}</span>
            <br />
            {seller.address}
          </p>
        </div>
        <div>
          <h2 className="font-semibold">To</h2>
          <p className="mt-1 leading-6" data-testid="buyer">
            {buyer.map((line) => (
              <span key={line} className="block break-words">
                {line}
              </span>
            ))}
          </p>
          {deliverTo?.length ? (
            <p className="mt-2 leading-6" data-testid="deliver-to">
              <span className="font-semibold">Deliver to: </span>
              {deliverTo.join(', ')}
            </p>
          ) : null}
        </div>
      </div>
      {children}
      <p className="mt-8 text-sm text-slate-600">
        Questions about {about}? Write to {seller.email}.
      </p>
    </article>
  )
}
