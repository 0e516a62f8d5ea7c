/**
 * Australia's eight states and territories and the postcodes each one delivers to (Australia Post's
 * ranges, street and PO box postcodes together). A delivery address is refused when its postcode does
 * not belong to the state chosen: the commonest typing mistake, and one a courier cannot fix.
 */
export const STATES = [
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'SA', name: 'South Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'WA', name: 'Western Australia' },
] as const

export type StateCode = (typeof STATES)[number]['code']

const RANGES: Record<StateCode, [number, number][]> = {
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  NT: [[800, 999]],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  TAS: [[7000, 7999]],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  WA: [[6000, 6999]],
}

export const isStateCode = (value: string): value is StateCode => STATES.some((state) => state.code === value)

/** Whether a 4-digit postcode belongs to the state or territory. */
export function postcodeInState(postcode: string, state: StateCode): boolean {
  if (!/^\d{4}$/.test(postcode)) return false
  const number = Number(postcode)
  return RANGES[state].some(([from, to]) => number >= from && number <= to)
}

/** The state a postcode belongs to, for the message that tells the shopper which one it is. */
export function stateOfPostcode(postcode: string): StateCode | null {
  return STATES.find((state) => postcodeInState(postcode, state.code))?.code ?? null
}
