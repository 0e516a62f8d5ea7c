import { describe, expect, it } from 'vitest'
import {
  addDays,
  basQuarter,
  basQuarterLabel,
  basQuarterOf,
  basQuartersToDate,
  dayStart,
  financialYearLabel,
  financialYearOf,
  lastDays,
  nextPeriod,
  parseReportQuery,
  periodLabel,
  periodsCovering,
  periodStart,
  reportQueryString,
  shopDay,
  shopHour,
  weekStart,
} from './periods'

describe('Brisbane days', () => {
  it('puts an instant on the Brisbane day it falls on, ten hours ahead of UTC all year', () => {
    expect(shopDay(new Date('2026-06-30T13:59:59.999Z'))).toBe('2026-06-30')
    expect(shopDay(new Date('2026-06-30T14:00:00.000Z'))).toBe('2026-07-01')
    // Sydney is on daylight saving in January; Brisbane is not.
    expect(shopDay(new Date('2026-12-31T14:00:00.000Z'))).toBe('2027-01-01')
    expect(shopHour(new Date('2026-03-01T22:30:00Z'))).toBe(8)
    expect(dayStart('2026-07-01').toISOString()).toBe('2026-06-30T14:00:00.000Z')
  })

  it('counts days across months, years and a leap day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(lastDays('2026-03-10', 30)).toEqual({ from: '2026-02-09', to: '2026-03-10' })
  })
})

describe('periods', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-03-02')).toBe('2026-03-02') // a Monday
    expect(weekStart('2026-03-08')).toBe('2026-03-02') // the Sunday after
    expect(weekStart('2027-01-01')).toBe('2026-12-28') // a week across the new year
    expect(periodStart('2026-03-18', 'month')).toBe('2026-03-01')
    expect(periodStart('2026-03-18', 'day')).toBe('2026-03-18')
  })

  it('lists every period a range touches, oldest first', () => {
    expect(periodsCovering('2026-03-05', '2026-03-20', 'week')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16'])
    expect(periodsCovering('2026-11-15', '2027-01-02', 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01'])
    expect(periodsCovering('2026-12-30', '2027-01-01', 'day')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01'])
    expect(nextPeriod('2026-01-31', 'day')).toBe('2026-02-01')
    expect(nextPeriod('2026-12-01', 'month')).toBe('2027-01-01')
  })

  it('names periods for people', () => {
    expect(periodLabel('2026-03-03', 'day')).toBe('Tue 3 Mar 2026')
    expect(periodLabel('2026-03-02', 'week')).toBe('Week of 2 Mar 2026')
    expect(periodLabel('2026-03-01', 'month')).toBe('March 2026')
  })
})

describe('BAS quarters of the Australian financial year', () => {
  it('puts 30 June and 1 July in different financial years', () => {
    expect(basQuarterOf('2026-06-30')).toEqual({ financialYear: 2025, quarter: 4, from: '2026-04-01', until: '2026-07-01' })
    expect(basQuarterOf('2026-07-01')).toEqual({ financialYear: 2026, quarter: 1, from: '2026-07-01', until: '2026-10-01' })
    // An instant just before and just after Brisbane's midnight of 1 July.
    expect(basQuarterOf(shopDay(new Date('2026-06-30T13:59:59Z'))).quarter).toBe(4)
    expect(basQuarterOf(shopDay(new Date('2026-06-30T14:00:00Z'))).quarter).toBe(1)
  })

  it('keeps 31 December and 1 January in one financial year, different quarters', () => {
    expect(basQuarterOf('2026-12-31')).toMatchObject({ financialYear: 2026, quarter: 2, from: '2026-10-01', until: '2027-01-01' })
    expect(basQuarterOf('2027-01-01')).toMatchObject({ financialYear: 2026, quarter: 3, from: '2027-01-01', until: '2027-04-01' })
    expect(financialYearOf('2027-03-31')).toBe(2026)
  })

  it('labels quarters and years as the tax office writes them', () => {
    expect(financialYearLabel(2026)).toBe('2026–27')
    expect(financialYearLabel(1999)).toBe('1999–00')
    expect(basQuarterLabel(basQuarter(2026, 2))).toBe('Q2 2026–27 (Oct–Dec 2026)')
    expect(basQuarterLabel(basQuarter(2026, 3))).toBe('Q3 2026–27 (Jan–Mar 2027)')
    expect(basQuarterLabel(basQuarter(2025, 4))).toBe('Q4 2025–26 (Apr–Jun 2026)')
    expect(basQuarterLabel(basQuarter(2026, 1))).toBe('Q1 2026–27 (Jul–Sep 2026)')
  })

  it('lists the previous and the current financial year up to today’s quarter', () => {
    const quarters = basQuartersToDate('2026-11-15')
    expect(quarters.map((quarter) => `${quarter.financialYear} Q${quarter.quarter}`)).toEqual([
      '2025 Q1',
      '2025 Q2',
      '2025 Q3',
      '2025 Q4',
      '2026 Q1',
      '2026 Q2',
    ])
    expect(basQuartersToDate('2026-07-01').at(-1)).toMatchObject({ financialYear: 2026, quarter: 1 })
  })
})

describe('the report query', () => {
  it('reads 30 or 90 days and a grouping, defaulting anything else', () => {
    expect(parseReportQuery(new URLSearchParams('range=90&by=week'))).toEqual({ range: 90, by: 'week' })
    expect(parseReportQuery(new URLSearchParams('range=365&by=year'))).toEqual({ range: 30, by: 'day' })
    expect(parseReportQuery(new URLSearchParams('by=constructor'))).toEqual({ range: 30, by: 'day' })
    expect(reportQueryString({ range: 30, by: 'day' })).toBe('')
    expect(reportQueryString({ range: 30, by: 'day' }, { range: 90, by: 'month' })).toBe('?range=90&by=month')
  })
})
