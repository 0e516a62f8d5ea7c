import { Form, Link, useNavigation } from 'react-router'
import { CHANGE_OF_MIND_DAYS, RETURN_REASONS } from '../../lib/orders/returns'
import { legalPath } from '../../lib/legal/documents'
import { Button } from '../ui/button'
import { Alert } from '../ui/alert'
import { TextareaField } from '../ui/textarea-field'
import { QuantityFields } from '../ui/text-field'

const dayFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' })

interface ReturnFormData {
  lines: { position: number; name: string; quantity: number }[]
  /** Whether the change-of-mind window is open (14 days from delivery or collection). */
  changeOfMind: boolean
  changeOfMindUntil: string | null
}

/**
 * "Request a return": which items and how many, and why. A plain form inside <details>, so it works
 * before (or without) the page's scripts. Faults are always accepted for review; change of mind only
 * within its window, and the form says until when.
 */
export function ReturnRequestForm({ form, error }: { form: ReturnFormData; error: string | null }) {
  const busy = useNavigation().state !== 'idle'
  return (
    <section aria-labelledby="return-heading" className="mt-8">
      <details className="rounded-xl border border-slate-200 p-4" open={error !== null}>
        <summary id="return-heading" className="cursor-pointer text-lg font-semibold text-brand-700">
          Request a return
        </summary>
        <Form method="post" className="mt-4 space-y-4 text-sm">
          <input type="hidden" name="intent" value="return" />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <QuantityFields
            legend="Items to return"
            lines={form.lines.map((line) => ({
              id: `return-qty-${line.position}`,
              name: `qty-${line.position}`,
              label: line.name,
              note: `(up to ${line.quantity})`,
              max: line.quantity,
              defaultValue: form.lines.length === 1 ? 1 : 0,
            }))}
          />
          <fieldset>
            <legend className="font-medium">Why are you returning them?</legend>
            <div className="mt-2 space-y-2">
              {RETURN_REASONS.map((reason) => {
                const closed = reason.id === 'change-of-mind' && !form.changeOfMind
                return (
                  <label key={reason.id} className={`flex items-start gap-2 ${closed ? 'text-slate-500' : ''}`}>
                    <input type="radio" name="reason" value={reason.id} disabled={closed} required className="mt-1 h-4 w-4" />
                    <span>
                      {reason.label}
                      {reason.id === 'change-of-mind' ? (
                        <span className="block text-xs text-slate-500">
                          {form.changeOfMind && form.changeOfMindUntil
                            ? `Within ${CHANGE_OF_MIND_DAYS} days of delivery or collection: until ${dayFormat.format(new Date(form.changeOfMindUntil))}.`
                            : form.changeOfMindUntil
                              ? `The ${CHANGE_OF_MIND_DAYS} days for a change of mind ended on ${dayFormat.format(new Date(form.changeOfMindUntil))}.`
                              : `Open for ${CHANGE_OF_MIND_DAYS} days once your order has been delivered or collected.`}
                        </span>
                      ) : null}
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
          <TextareaField
            id="return-details"
            name="details"
            label="What is wrong?"
            note="(needed for a fault; optional for a change of mind)"
            rows={3}
            maxLength={2000}
          />
          <p className="text-slate-600">
            Faulty, damaged or not as described? Tell us whenever it happens and we review it: the {CHANGE_OF_MIND_DAYS} days apply only to a change of mind,
            and nothing limits your rights under the Australian Consumer Law. See our{' '}
            <Link to={legalPath('returns-policy')} className="text-brand-700 underline">
              Returns Policy
            </Link>
            .
          </p>
          <Button type="submit" disabled={busy}>
            Request the return
          </Button>
        </Form>
      </details>
    </section>
  )
}
