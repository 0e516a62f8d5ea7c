/**
 * The calendar of the shop's reports (docs/domain.md, Reports): days are Brisbane days, weeks start on
 * Monday, and the tax office's BAS quarters follow the Australian financial year (1 July – 30 June).
 * Days are `YYYY-MM-DD` text; Brisbane keeps +10:00 all year (no daylight saving), so a Brisbane day
 * is a fixed 24-hour span of UTC and all arithmetic here is on UTC dates shifted by ten hours.
 */

/** Brisbane's offset from UTC, all year. */
export const SHOP_OFFSET_MS = 10 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export type Grouping = 'day' | 'week' | 'month'
export const GROUPINGS: Record<Grouping, string> = { day: 'Day', week: 'Week', month: 'Month' }
export const RANGES = [30, 90] as const
export type RangeDays = (typeof RANGES)[number]

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** A day as a UTC midnight, for arithmetic (never shown). */
const asUtc = (day: string) => new Date(`${day}T00:00:00Z`)
const text = (date: Date) => date.toISOString().slice(0, 10)

/** The Brisbane day an instant falls on. */
export function shopDay(instant: Date): string {
  return text(new Date(instant.getTime() + SHOP_OFFSET_MS))
}

/** The hour (0–23) of an instant on a Brisbane clock. */
export function shopHour(instant: Date): number {
  return new Date(instant.getTime() + SHOP_OFFSET_MS).getUTCHours()
}

/** The instant a Brisbane day begins (its midnight), for comparing with stored timestamps. */
export function dayStart(day: string): Date {
  return new Date(asUtc(day).getTime() - SHOP_OFFSET_MS)
}

export function addDays(day: string, days: number): string {
  return text(new Date(asUtc(day).getTime() + days * DAY_MS))
}

/** The Monday of the day's week (ISO weeks, as PostgreSQL's date_trunc('week') counts them). */
export function weekStart(day: string): string {
  const weekday = asUtc(day).getUTCDay()
  return addDays(day, -((weekday + 6) % 7))
}

export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`
}

/** The first day of the period (day, week or month) a day belongs to: the period's key. */
export function periodStart(day: string, by: Grouping): string {
  if (by === 'week') return weekStart(day)
  if (by === 'month') return monthStart(day)
  return day
}

/** The first day of the next period. */
export function nextPeriod(start: string, by: Grouping): string {
  if (by === 'day') return addDays(start, 1)
  if (by === 'week') return addDays(start, 7)
  const date = asUtc(start)
  return text(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)))
}

/** Every period from the one holding `from` to the one holding `to` (both days included), oldest first. */
export function periodsCovering(from: string, to: string, by: Grouping): string[] {
  const periods: string[] = []
  for (let start = periodStart(from, by); start <= to; start = nextPeriod(start, by)) periods.push(start)
  return periods
}

/** "3 Mar 2026" */
export function shortDate(day: string): string {
  const date = asUtc(day)
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** How a period is named in a table: "Tue 3 Mar 2026", "Week of 2 Mar 2026", "March 2026". */
export function periodLabel(start: string, by: Grouping): string {
  const date = asUtc(start)
  if (by === 'month') return `${LONG_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
  if (by === 'week') return `Week of ${shortDate(start)}`
  return `${WEEKDAYS[date.getUTCDay()]} ${shortDate(start)}`
}

/** The days a report over the last `days` days covers, today (in Brisbane) included. */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today }
}

/** A BAS quarter: the financial year it belongs to (by the year it starts in) and its number, 1–4. */
export interface BasQuarter {
  /** 2026 for the financial year 1 July 2026 – 30 June 2027 ("2026–27"). */
  financialYear: number
  quarter: 1 | 2 | 3 | 4
  /** First day, and first day of the next quarter. */
  from: string
  until: string
}

/** The financial year (by its starting year) a day falls in: July–June. */
export function financialYearOf(day: string): number {
  const year = Number(day.slice(0, 4))
  return Number(day.slice(5, 7)) >= 7 ? year : year - 1
}

/** "2026–27" (an en dash, as the tax office writes it); 1999–2000 is "1999–00". */
export function financialYearLabel(financialYear: number): string {
  return `${financialYear}–${String((financialYear + 1) % 100).padStart(2, '0')}`
}

/** The quarter `quarter` of a financial year: Q1 Jul–Sep, Q2 Oct–Dec, Q3 Jan–Mar, Q4 Apr–Jun. */
export function basQuarter(financialYear: number, quarter: 1 | 2 | 3 | 4): BasQuarter {
  const firstMonth = quarter <= 2 ? 7 + (quarter - 1) * 3 : 1 + (quarter - 3) * 3
  const year = quarter <= 2 ? financialYear : financialYear + 1
  const from = `${year}-${String(firstMonth).padStart(2, '0')}-01`
  return { financialYear, quarter, from, until: nextQuarterStart(from) }
}

function nextQuarterStart(from: string): string {
  const date = asUtc(from)
  return text(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 3, 1)))
}

/** The BAS quarter a Brisbane day falls in. */
export function basQuarterOf(day: string): BasQuarter {
  const month = Number(day.slice(5, 7))
  const quarter = (month >= 7 ? Math.floor((month - 7) / 3) + 1 : Math.floor((month - 1) / 3) + 3) as 1 | 2 | 3 | 4
  return basQuarter(financialYearOf(day), quarter)
}

/** "Q2 2026–27 (Oct–Dec 2026)" */
export function basQuarterLabel(quarter: BasQuarter): string {
  const first = asUtc(quarter.from)
  const last = asUtc(addDays(quarter.until, -1))
  return `Q${quarter.quarter} ${financialYearLabel(quarter.financialYear)} (${MONTHS[first.getUTCMonth()]}–${MONTHS[last.getUTCMonth()]} ${first.getUTCFullYear()})`
}

/**
 * The quarters a BAS report looks at on `today`: those of the previous and the current financial
 * year, up to and including today's, oldest first.
 */
export function basQuartersToDate(today: string): BasQuarter[] {
  const current = financialYearOf(today)
  const quarters: BasQuarter[] = []
  for (const year of [current - 1, current]) {
    for (const number of [1, 2, 3, 4] as const) {
      const quarter = basQuarter(year, number)
      if (quarter.from <= today) quarters.push(quarter)
    }
  }
  return quarters
}

export interface ReportQuery {
  range: RangeDays
  by: Grouping
}

/** The report's query string, read leniently: anything else is the default (30 days, by day). */
export function parseReportQuery(search: URLSearchParams): ReportQuery {
  const range = Number(search.get('range'))
  const by = search.get('by') ?? ''
  return {
    range: (RANGES as readonly number[]).includes(range) ? (range as RangeDays) : 30,
    by: Object.hasOwn(GROUPINGS, by) ? (by as Grouping) : 'day',
  }
}

/** The query string of a report (defaults left out), for links. */
export function reportQueryString(query: ReportQuery, change: Partial<ReportQuery> = {}): string {
  const merged = { ...query, ...change }
  const params = new URLSearchParams()
  if (merged.range !== 30) params.set('range', String(merged.range))
  if (merged.by !== 'day') params.set('by', merged.by)
  const textForm = params.toString()
  return textForm ? `?${textForm}` : ''
}
