import { formatAud } from '../../lib/money'
import type { BankAccount } from '../../lib/orders/bank-transfer'

/** What a bank-transfer order still needs from its customer, as every page about it shows it. */
export interface TransferDue {
  account: BankAccount | null
  reference: string
  owingCents: number
  receivedCents: number
  /** ISO time the items are held until (the order cancels itself after it if nothing arrived). */
  holdUntil: string | null
  /** An invoice on account: the ISO time it falls due (docs/domain.md, Trade accounts). */
  dueAt?: string | null
}

const dayFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' })

/**
 * The account to pay into, the reference and the amount: a definition list the buyer copies into
 * their bank. An invoice on account says when it is due; its goods are already on their way.
 */
export function TransferDetails({ due, className = '' }: { due: TransferDue; className?: string }) {
  const dueDay = due.dueAt ? dayFormat.format(new Date(due.dueAt)) : null
  const rows: [string, string][] = [
    ...(due.account
      ? ([
          ['BSB', due.account.bsb],
          ['Account number', due.account.accountNumber],
          ['Account name', due.account.accountName],
        ] as [string, string][])
      : []),
    ['Reference', due.reference],
    ['Amount', formatAud(due.owingCents)],
  ]
  return (
    <section
      aria-labelledby="transfer-heading"
      className={`rounded-2xl border border-amber-300 bg-amber-50 p-5 text-left ${className}`}
      data-testid="transfer-details"
    >
      <h2 id="transfer-heading" className="text-lg font-semibold">
        {dueDay ? `On account: pay by ${dueDay}` : 'Pay by bank transfer'}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {due.receivedCents > 0 ? `We have received ${formatAud(due.receivedCents)}. ` : ''}
        {dueDay
          ? 'We send your order now. To pay its tax invoice, transfer the amount below with the reference, so that we can match your payment.'
          : 'Please transfer the amount below with the reference, so that we can match your payment. We send your order once it arrives.'}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {due.holdUntil ? (
        <p className="mt-4 text-sm text-slate-700">
          We hold your items until {dayFormat.format(new Date(due.holdUntil))}. If nothing has arrived by then, the order is cancelled.
        </p>
      ) : null}
    </section>
  )
}
