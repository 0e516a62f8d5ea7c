import { describe, expect, it } from 'vitest'
import { postcodeInState, stateOfPostcode } from './postcodes'

describe('postcodes and states', () => {
  it.each([
    ['4000', 'QLD'],
    ['2000', 'NSW'],
    ['2600', 'ACT'],
    ['0200', 'ACT'],
    ['2913', 'ACT'],
    ['2620', 'NSW'],
    ['0800', 'NT'],
    ['3000', 'VIC'],
    ['5000', 'SA'],
    ['6000', 'WA'],
    ['7000', 'TAS'],
    ['9726', 'QLD'],
  ] as const)('%s is in %s, and in no other', (postcode, state) => {
    expect(postcodeInState(postcode, state)).toBe(true)
    expect(stateOfPostcode(postcode)).toBe(state)
  })

  it('refuses a postcode of another state, and anything that is not four digits', () => {
    expect(postcodeInState('4000', 'NSW')).toBe(false)
    expect(postcodeInState('400', 'QLD')).toBe(false)
    expect(postcodeInState('40000', 'QLD')).toBe(false)
    expect(postcodeInState('4O00', 'QLD')).toBe(false)
    expect(stateOfPostcode('0100')).toBeNull()
  })
})
