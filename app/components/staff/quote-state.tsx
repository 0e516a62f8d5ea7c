import { QUOTE_STATE_LABELS, type QuoteState } from '../../lib/quotes'
import { Badge, type BadgeTone } from '../ui/badge'

const TONES: Record<QuoteState, BadgeTone> = {
  requested: 'warning',
  draft: 'info',
  sent: 'progress',
  accepted: 'success',
  withdrawn: 'neutral',
  expired: 'neutral',
}

/** A quote's state as a badge (an expired quote is a sent one past its date). */
export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return <Badge tone={TONES[state]}>{QUOTE_STATE_LABELS[state]}</Badge>
}
