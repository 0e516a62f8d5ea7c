import { describe, expect, it } from 'vitest'
import { chosenVariant, combinations, fromPrice, variantName, variantsProblem } from './variants'

const stock = (available: number | null, allowBackorder = false) => ({ available, allowBackorder, leadTime: '' })
const priced = (id: string, cents: number | null, available: number | null) => ({
  id,
  price: cents === null ? null : { label: '', value: cents, description: '' },
  stock: stock(available),
})

describe('variants', () => {
  it('lists every combination of the options, the first option changing slowest; no option is the product alone', () => {
    expect(
      combinations([
        { name: 'Capacity', values: ['16,000 mAh', '22,000 mAh'] },
        { name: 'Plug', values: ['XT60', 'XT90'] },
      ]),
    ).toEqual([
      ['16,000 mAh', 'XT60'],
      ['16,000 mAh', 'XT90'],
      ['22,000 mAh', 'XT60'],
      ['22,000 mAh', 'XT90'],
    ])
    expect(combinations([])).toEqual([[]])
    expect(combinations([{ name: 'Pack', values: [] }])).toEqual([])
  })

  it('names a variant by its product and values, as carts, orders and invoices show it', () => {
    expect(variantName('UniCell Battery', ['Matched pair'])).toBe('UniCell Battery — Matched pair')
    expect(variantName('UniCell Battery', ['22,000 mAh', 'XT90'])).toBe('UniCell Battery — 22,000 mAh / XT90')
    expect(variantName('UniPilot X7', [])).toBe('UniPilot X7')
  })

  it('lists a product from the lowest price of a variant that can be bought, else of any; "from" only when prices differ', () => {
    expect(fromPrice([priced('a', 99_900, 5), priced('b', 79_900, 0), priced('c', 194_900, null)])).toEqual({ cents: 99_900, from: true })
    expect(fromPrice([priced('a', 99_900, 0), priced('b', 79_900, 0)])).toEqual({ cents: 79_900, from: true })
    expect(fromPrice([priced('a', 99_900, 1), priced('b', 99_900, 1)])).toEqual({ cents: 99_900, from: false })
    expect(fromPrice([priced('a', null, 1)])).toBeNull()
  })

  it('shows the variant the address names, else the first that can be bought', () => {
    const variants = [priced('single', 99_900, 0), priced('pair', 194_900, 2)]
    expect(chosenVariant(variants, 'single')?.id).toBe('single')
    expect(chosenVariant(variants, null)?.id).toBe('pair')
    expect(chosenVariant(variants, 'nothing')?.id).toBe('pair')
  })

  it('refuses options and variants that do not make sense, in words for staff', () => {
    const other = (FBUID: string, values: string[]) => ({ FBUID, productOptionValues: values })
    expect(variantsProblem('cell', ['Pack'], ['Single'], [other('cell-pair', ['Pair'])])).toBeNull()
    expect(variantsProblem('cell', [], [], [])).toBeNull()
    expect(variantsProblem('cell', [], [], [other('cell-pair', ['Pair'])])).toBe('Variants need at least one option, such as Capacity.')
    expect(variantsProblem('cell', ['Pack', 'pack'], ['a', 'b'], [])).toBe('Each option needs a name of its own.')
    expect(variantsProblem('cell', ['Pack', 'Plug'], ['Single', 'XT90'], [other('cell-pair', ['Pair'])])).toBe(
      'Each variant needs a value for each option (Pack / Plug).',
    )
    expect(variantsProblem('cell', ['Pack'], ['Single'], [other('cell-pair', ['SINGLE'])])).toBe(
      'Two variants are both SINGLE: each combination of values once.',
    )
    expect(variantsProblem('cell', ['Pack'], ['Single'], [other('cell', ['Pair'])])).toBe('The variant id cell is used twice.')
  })
})
