import { Link } from 'react-router'
import { PromotionStateBadge } from '../../components/staff/promotion-form'
import { LinkButton } from '../../components/ui/button'
import { EmptyState, PageHeader } from '../../components/ui/page-header'
import { DataTable } from '../../components/ui/table'
import { coversText, periodText, promotionState, usesLeft } from '../../lib/promotion-summary'
import { benefitText } from '../../lib/promotions'
import { KIND_LABELS } from '../../lib/schemas/promotion'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { listPromotions, promotionChoices } from '../../server/promotions/promotions.server'
import type { Route } from './+types/promotions'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Promotions', 'Discount codes and automatic offers.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const [listed, choices] = await Promise.all([listPromotions(db), promotionChoices(db)])
  const now = new Date()
  const names = {
    products: Object.fromEntries(choices.products.map((product) => [product.id, product.name])),
    methods: Object.fromEntries(choices.shippingMethods.map((method) => [method.id, method.name])),
  }
  return {
    promotions: listed.map(({ promotion, uses }) => ({
      id: promotion.id,
      kind: promotion.kind,
      code: promotion.code,
      name: promotion.name,
      state: promotionState(promotion, now),
      benefit: benefitText(promotion),
      covers: coversText(promotion, names),
      period: periodText(promotion),
      uses,
      usesLeft: usesLeft(promotion, uses),
      limited: promotion.kind === 'code' && promotion.usageLimit !== null,
    })),
  }
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { promotions } = loaderData
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader
        title="Promotions"
        lead="Discount codes shoppers type at the cart, and offers that apply by themselves. Pause one to stop it; an order keeps the discount it was placed with."
        actions={<LinkButton to="/staff/promotions/new">New promotion</LinkButton>}
      />
      {promotions.length === 0 ? (
        <EmptyState title="No promotions yet">Start with a discount code or an automatic offer: “New promotion”.</EmptyState>
      ) : (
        <DataTable
          className="mt-8"
          phone="stack"
          alignTop
          rows={promotions}
          rowKey={(promotion) => promotion.id}
          rowProps={(promotion) => ({ 'data-testid': `promotion-${promotion.code ?? promotion.id}` })}
          columns={[
            {
              header: 'Promotion',
              rowHeader: true,
              wide: true,
              cell: (promotion) => (
                <span className="block min-w-0 [overflow-wrap:anywhere]">
                  <Link to={`/staff/promotions/${promotion.id}`} className="font-semibold text-brand-700 hover:underline">
                    {promotion.code ? <span className="font-mono">{promotion.code}</span> : promotion.name}
                  </Link>
                  <span className="block text-slate-600">{promotion.code ? promotion.name : KIND_LABELS.offer}</span>
                </span>
              ),
            },
            { header: 'State', cell: (promotion) => <PromotionStateBadge state={promotion.state} /> },
            { header: 'Benefit', nowrap: true, cell: (promotion) => promotion.benefit },
            { header: 'Covers', wide: true, cell: (promotion) => <span className="[overflow-wrap:anywhere]">{promotion.covers}</span> },
            { header: 'Period', labelOnPhone: true, cell: (promotion) => promotion.period },
            { header: 'Uses', align: 'right', nowrap: true, labelOnPhone: true, cell: (promotion) => promotion.uses },
            {
              header: 'Uses left',
              align: 'right',
              nowrap: true,
              labelOnPhone: true,
              // An offer counts no uses against a limit: it has none.
              cell: (promotion) => <span data-testid="uses-left">{promotion.limited ? promotion.usesLeft : promotion.kind === 'code' ? 'No limit' : '—'}</span>,
            },
          ]}
        />
      )}
    </div>
  )
}
