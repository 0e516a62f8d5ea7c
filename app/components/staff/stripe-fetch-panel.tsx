import { useEffect, useRef, useState } from 'react'
import { formatAud } from '../../lib/money'
import { centsToDollars } from '../../lib/schemas/product'
import type { PriceChange, PriceProposal, PriceRefusal, ProposalRow } from '../../server/catalog/stripe-catalog.server'
import { Badge, type BadgeTone } from '../ui/badge'
import { Button } from '../ui/button'
import { DataTable } from '../ui/table'

/** A price entry as the form holds it: the amount as typed, in dollars. */
export interface TypedPrice {
  value: string
  label: string
  description: string
}

type Answer = PriceProposal | PriceRefusal

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'proposal'; proposal: PriceProposal; snapshot: string; prices: TypedPrice[] }
  | { kind: 'refused'; message: string; notes: string[] }
  | { kind: 'accepted'; changes: number }

const CHANGE_LABELS: Record<PriceChange, string> = {
  unchanged: 'No change',
  corrected: 'Corrected',
  linked: 'Linked to Stripe',
  replaced: 'Price replaced',
  added: 'New entry',
  kept: 'Kept as typed',
}

const CHANGE_TONES: Record<PriceChange, BadgeTone> = {
  unchanged: 'neutral',
  corrected: 'warning',
  linked: 'brand',
  replaced: 'warning',
  added: 'success',
  kept: 'danger',
}

const strip = (prices: readonly TypedPrice[]): TypedPrice[] => prices.map(({ value, label, description }) => ({ value, label, description }))
const snapshotOf = (stupid: string, prices: readonly TypedPrice[]) => JSON.stringify({ stupid: stupid.trim(), prices: strip(prices) })

/**
 * "Fetch from Stripe" on the product form (issue #9): reads the Stripe product named by the STUPID
 * and its active prices on the server, shows what would change in the price entries, and on Accept
 * puts them in the form. Nothing is saved until the product is saved, as an ordinary edit. With the
 * demo payment provider it says that it needs Stripe.
 */
export function StripeFetchPanel({ stupid, prices, onAccept }: { stupid: string; prices: readonly TypedPrice[]; onAccept: (prices: TypedPrice[]) => void }) {
  const [provider, setProvider] = useState<'unknown' | 'stripe' | 'demo'>('unknown')
  const [state, setState] = useState<State>({ kind: 'idle' })
  const resultRef = useRef<HTMLDivElement>(null)
  const fetchButtonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    let live = true
    fetch('/api/stripe-product', { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ provider?: string }>) : { provider: undefined }))
      .then((answer) => live && setProvider(answer.provider === 'stripe' ? 'stripe' : answer.provider === 'demo' ? 'demo' : 'unknown'))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [])

  // A new answer takes the focus, so it is seen and heard.
  useEffect(() => {
    if (state.kind !== 'idle' && state.kind !== 'busy') resultRef.current?.focus()
  }, [state])

  async function fetchFromStripe() {
    const sent = strip(prices)
    const snapshot = snapshotOf(stupid, sent)
    setState({ kind: 'busy' })
    const body = new FormData()
    body.set('STUPID', stupid)
    body.set('prices', JSON.stringify(sent))
    try {
      const response = await fetch('/api/stripe-product', { method: 'POST', body, headers: { Accept: 'application/json' } })
      const answer = (await response.json().catch(() => null)) as Answer | null
      if (!answer) setState({ kind: 'refused', message: `Stripe could not be asked (the shop answered ${response.status}). Please try again.`, notes: [] })
      else if (answer.ok) setState({ kind: 'proposal', proposal: answer, snapshot, prices: sent })
      else setState({ kind: 'refused', message: answer.message, notes: answer.notes ?? [] })
    } catch {
      setState({ kind: 'refused', message: 'The shop could not be reached. Please try again.', notes: [] })
    }
  }

  function accept(proposal: PriceProposal, sent: TypedPrice[]) {
    const next = proposal.rows.map((row) =>
      row.after ? { value: centsToDollars(row.after.value), label: row.after.label, description: row.after.description } : sent[row.from!]!,
    )
    onAccept(next)
    setState({ kind: 'accepted', changes: proposal.changes })
  }

  const stale = state.kind === 'proposal' && state.snapshot !== snapshotOf(stupid, prices)

  return (
    <div role="region" aria-labelledby="stripe-fetch-heading" className="mt-4 max-w-4xl rounded-xl border border-brand-100 bg-brand-50 p-4">
      <h3 id="stripe-fetch-heading" className="text-base font-semibold">
        Prices from Stripe
      </h3>
      {provider === 'demo' ? (
        <p className="mt-1 text-sm text-slate-700">
          Fetching prices needs Stripe: this shop takes payments on its demo payment page. Once the shop is connected to Stripe, this reads the Stripe product
          named by its Stripe product id and fills in its prices.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Reads the Stripe product named by the STUPID and its active prices, and shows what would change here: amounts in AUD and each price’s id. Nothing is
            saved until you accept and then save the product.
          </p>
          <Button
            ref={fetchButtonRef}
            type="button"
            onClick={() => void fetchFromStripe()}
            disabled={provider !== 'stripe' || state.kind === 'busy'}
            variant="secondary"
            className="mt-3"
          >
            {state.kind === 'busy' ? 'Fetching from Stripe…' : 'Fetch from Stripe'}
          </Button>
        </>
      )}

      <div ref={resultRef} tabIndex={-1} aria-live="polite" className="mt-3 focus:outline-none">
        {state.kind === 'refused' ? (
          <div role="alert" className="rounded-md border border-red-200 bg-white px-4 py-3 text-sm text-red-800">
            <p className="font-medium">{state.message}</p>
            <Notes notes={state.notes} />
          </div>
        ) : null}
        {state.kind === 'accepted' ? (
          <p className="rounded-md border border-emerald-200 bg-white px-4 py-3 text-sm text-emerald-900">
            {state.changes === 0 ? 'The prices already matched Stripe.' : 'The prices below now match Stripe.'} Save the product to keep them.
          </p>
        ) : null}
        {state.kind === 'proposal' ? (
          <ProposalView
            proposal={state.proposal}
            prices={state.prices}
            stale={stale}
            onAccept={() => accept(state.proposal, state.prices)}
            onDiscard={() => {
              setState({ kind: 'idle' })
              fetchButtonRef.current?.focus()
            }}
          />
        ) : null}
      </div>
    </div>
  )
}

function ProposalView({
  proposal,
  prices,
  stale,
  onAccept,
  onDiscard,
}: {
  proposal: PriceProposal
  prices: TypedPrice[]
  stale: boolean
  onAccept: () => void
  onDiscard: () => void
}) {
  const { product, rows, changes } = proposal
  return (
    <div className="rounded-md border border-slate-200 bg-white p-4 text-sm">
      <p>
        Stripe product <code>{product.id}</code> “{product.name}”:{' '}
        <strong>{changes === 0 ? 'the prices already match.' : `${changes} ${changes === 1 ? 'entry' : 'entries'} would change.`}</strong>
      </p>
      <DataTable
        className="mt-3"
        phone="scroll"
        label="Price entries: now and from Stripe"
        caption="Price entries: now and from Stripe"
        minWidth="min-w-[36rem]"
        alignTop
        rows={rows}
        rowKey={(_row, index) => String(index)}
        columns={[
          { header: 'Entry', rowHeader: true, emphasis: 'font-medium', cell: (_row, index) => `Price ${index + 1}` },
          {
            header: 'Now',
            cell: (row) =>
              row.from === null ? '—' : <EntryText value={amountText(row, prices)} label={row.before?.label ?? ''} id={row.before?.description ?? ''} />,
          },
          {
            header: 'From Stripe',
            cell: (row) => (row.after ? <EntryText value={formatAud(row.after.value)} label={row.after.label} id={row.after.description} /> : '—'),
          },
          {
            header: 'Change',
            cell: (row) => (
              <>
                <Badge tone={CHANGE_TONES[row.change]}>{CHANGE_LABELS[row.change]}</Badge>
                {row.before && row.after && row.before.value !== row.after.value ? <p className="mt-1 text-xs text-slate-600">The amount changes.</p> : null}
                {row.note ? <p className="mt-1 text-xs text-slate-600">{row.note}</p> : null}
              </>
            ),
          },
        ]}
      />
      <Notes notes={proposal.notes} />
      {stale ? (
        <p role="alert" className="mt-3 font-medium text-red-800">
          The STUPID or the prices changed since this was fetched: fetch again before accepting.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {changes > 0 ? (
          <Button type="button" onClick={onAccept} disabled={stale}>
            Accept Stripe’s prices
          </Button>
        ) : null}
        <Button type="button" onClick={onDiscard} variant="secondary">
          {changes > 0 ? 'Discard' : 'Close'}
        </Button>
      </div>
    </div>
  )
}

/** The entry's amount before the change: in dollars, or what was typed when it is not an amount. */
function amountText(row: ProposalRow, prices: TypedPrice[]): string {
  if (row.before?.value !== null && row.before?.value !== undefined) return formatAud(row.before.value)
  const typed = row.from === null ? '' : (prices[row.from]?.value ?? '')
  return typed.trim() ? `“${typed}” (not an amount)` : 'no amount'
}

function EntryText({ value, label, id }: { value: string; label: string; id: string }) {
  return (
    <>
      <span className="font-medium">{value}</span>
      {label ? <span className="block text-slate-600">{label}</span> : null}
      <span className="block font-mono text-xs text-slate-500">{id || 'no price id'}</span>
    </>
  )
}

function Notes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-slate-700">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  )
}
