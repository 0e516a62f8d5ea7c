import { Link } from 'react-router'
import { legalPath } from '../../lib/legal/documents'

/** The fixed parts of every product page: support blurb, use cases and closing statement. */

const useCases = [
  { title: 'Fish and animal counting', image: '/images/use-cases/animal-counting.svg' },
  { title: 'Livestock monitoring', image: '/images/use-cases/livestock-monitoring.svg' },
  { title: 'Mine surveying', image: '/images/use-cases/mine-surveying.svg' },
  { title: 'Crop monitoring', image: '/images/use-cases/crop-monitoring.svg' },
]

export function SupportBlurb() {
  return (
    <section aria-labelledby="support-heading" className="rounded-2xl bg-brand-50 p-6 sm:p-8">
      <h2 id="support-heading" className="text-2xl font-bold tracking-tight">
        Backed by people who fly
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">24/7 support</h3>
          <p className="mt-1 text-slate-700">Our technicians answer set-up, configuration and field questions around the clock, by e-mail and phone.</p>
        </div>
        <div>
          <h3 className="font-semibold">Easy returns</h3>
          <p className="mt-1 text-slate-700">
            Changed your mind? Ask to return unused goods within 14 days of delivery or collection. Something faulty? Tell us at any time: the Australian
            Consumer Law protects you, as our{' '}
            <Link to={legalPath('returns-policy')} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
              Returns Policy
            </Link>{' '}
            explains.
          </p>
        </div>
      </div>
    </section>
  )
}

export function UseCases() {
  return (
    <section aria-labelledby="use-cases-heading">
      <h2 id="use-cases-heading" className="text-2xl font-bold tracking-tight">
        Where our customers put it to work
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {useCases.map((useCase) => (
          <li key={useCase.title} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <img src={useCase.image} alt="" width={600} height={400} loading="lazy" className="aspect-[3/2] w-full object-cover" />
            <p className="p-4 font-medium">{useCase.title}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function ClosingStatement({ shopName }: { shopName: string }) {
  return (
    <section className="text-center">
      <p className="mx-auto max-w-3xl text-lg text-slate-700">
        {shopName} supplies professional operators across Australia with hardware we have tested ourselves, backed by local support and honest advice. If you
        are unsure what suits your aircraft or mission, ask us before you buy.
      </p>
    </section>
  )
}
