/** One column of a DataTable: its heading and what each row shows in it. */
export interface Column<Row> {
  header: string
  /** The heading is for screen readers only (a column of checkboxes). */
  hideHeader?: boolean
  cell: (row: Row, index: number) => React.ReactNode
  align?: 'right'
  /** The cell names its row (`<th scope="row">`): a period, a quarter, a price entry. */
  rowHeader?: boolean
  /** Stacked rows: on phones the cell takes the whole width of its row. */
  wide?: boolean
  /** Stacked rows: on phones the heading is written before the value (figures that would not say what they are). */
  labelOnPhone?: boolean
  /** Stacked rows: on phones the cell comes first in its row (the subject of a message). */
  firstOnPhone?: boolean
  /** Hidden on phones, where another cell folds its value in (a line's unit price under its name). */
  hideOnPhone?: boolean
  /** Kept on one line (dates, figures). */
  nowrap?: boolean
  /** Weight or size of the column's cells: `font-semibold` for a net, `text-base` for a quantity to pack. */
  emphasis?: string
  /** A width class for the column (`w-[28%]`, `w-12`); with `fixed`, the columns keep exactly these widths. */
  width?: string
  /** The column's cell in the footer row (a total); a footer row is drawn when any column has one. */
  footer?: React.ReactNode
}

/** A totals row under the figures: the label spans the columns before the last, the value sits in the last. */
export interface TotalRow {
  label: React.ReactNode
  value: React.ReactNode
  strong?: boolean
  testId?: string
}

/**
 * How the table fits a phone:
 * - `stack` (records such as orders or customers): the rows become stacked cells, two a line, and
 *   the headings go (cells say what they are where they must);
 * - `scroll` (wide tables of figures): the table keeps its columns and scrolls sideways inside a
 *   focusable region named by `label`, never the page;
 * - `fit` (a few narrow columns, or a document's lines): the table stays as it is, with
 *   `hideOnPhone` columns folded into others.
 */
export type PhoneLayout = 'stack' | 'scroll' | 'fit'

/**
 * `list` for the staff screens and account pages; `document` for printable pages (tax invoice,
 * adjustment note, packing slip), with stronger rules and headings that survive printing.
 */
export type TableLook = 'list' | 'document'

const rightAligned = 'text-right tabular-nums'
/** Stacked rows read left to right on a phone: figures line up on the right from the tablet width on. */
const rightAlignedFromTablet = 'sm:text-right tabular-nums'

/**
 * The one table of the shop: a table of records or figures, with its headings, an optional
 * caption (for screen readers), footer totals, and a way of fitting a phone.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  rowProps,
  className = 'mt-4',
  caption,
  phone = 'stack',
  label,
  minWidth,
  look = 'list',
  alignTop = false,
  fixed = false,
  totals,
}: {
  rows: readonly Row[]
  columns: readonly Column<Row>[]
  rowKey: (row: Row, index: number) => string
  rowProps?: (row: Row) => Record<string, string | number>
  /** Classes of the outer box: its margin. */
  className?: string
  caption?: string
  phone?: PhoneLayout
  /** `scroll`: the name of the scrolling region. */
  label?: string
  /** `scroll`: the width under which the table scrolls rather than squeezes (`min-w-[40rem]`). */
  minWidth?: string
  look?: TableLook
  /** Cells line up at their top (rows whose cells run to several lines). */
  alignTop?: boolean
  /** The columns keep their `width`s whatever the cells hold (`table-fixed`), as the line items of several payment links line up. */
  fixed?: boolean
  totals?: readonly TotalRow[]
}) {
  const stack = phone === 'stack'
  const document = look === 'document'
  const rule = document ? 'border-slate-300' : 'border-slate-200'
  const padding = stack ? 'sm:py-2 sm:pr-3' : 'py-2 pr-3 last:pr-0'
  const hasFooter = columns.some((column) => column.footer !== undefined)
  const phoneColumns = columns.filter((column) => !column.hideOnPhone).length

  const cellClass = (column: Column<Row>, inFooter = false) =>
    [
      'min-w-0',
      padding,
      column.align === 'right' ? (stack ? rightAlignedFromTablet : rightAligned) : 'text-left',
      column.rowHeader && !column.emphasis && !inFooter ? 'font-normal' : '',
      column.nowrap ? 'whitespace-nowrap' : '',
      column.hideOnPhone ? 'hidden sm:table-cell' : '',
      stack && column.wide ? 'col-span-2' : '',
      stack && column.firstOnPhone ? '-order-1' : '',
      column.emphasis ?? '',
    ]
      .filter(Boolean)
      .join(' ')

  const table = (
    <table
      className={`w-full text-left text-sm ${phone === 'scroll' ? (minWidth ?? '') : ''} ${fixed ? 'table-fixed' : ''} ${phone === 'scroll' ? '' : className}`.trim()}
    >
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      {fixed ? (
        <colgroup>
          {columns.map((column) => (
            <col key={column.header} className={column.width} />
          ))}
        </colgroup>
      ) : null}
      <thead className={`border-b ${rule} ${document ? 'text-ink' : 'text-slate-500'} ${stack ? 'hidden sm:table-header-group' : ''}`}>
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={`py-2 pr-3 last:pr-0 ${document ? 'font-semibold' : 'font-medium'} ${fixed ? '' : (column.width ?? '')} ${column.align === 'right' ? 'text-right' : ''} ${column.nowrap ? 'whitespace-nowrap' : ''} ${column.hideOnPhone ? 'hidden sm:table-cell' : ''}`}
            >
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={`divide-y ${document ? 'divide-slate-200' : 'divide-slate-100'} ${alignTop ? 'align-top' : ''}`}>
        {rows.map((row, index) => (
          <tr
            key={rowKey(row, index)}
            className={stack ? 'grid grid-cols-2 items-center gap-x-4 gap-y-1 py-3 sm:table-row sm:py-0' : undefined}
            {...rowProps?.(row)}
          >
            {columns.map((column) => {
              const content = (
                <>
                  {stack && column.labelOnPhone ? <span className="text-xs text-slate-500 sm:hidden">{column.header}: </span> : null}
                  {column.cell(row, index)}
                </>
              )
              return column.rowHeader ? (
                <th key={column.header} scope="row" className={cellClass(column)}>
                  {content}
                </th>
              ) : (
                <td key={column.header} className={cellClass(column)}>
                  {content}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
      {hasFooter || totals?.length ? (
        <tfoot className={`border-t ${rule}`}>
          {hasFooter ? (
            <tr className="font-semibold">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={cellClass(column, true)}>
                    {column.footer}
                  </th>
                ) : (
                  <td key={column.header} className={cellClass(column, true)}>
                    {column.footer}
                  </td>
                ),
              )}
            </tr>
          ) : null}
          {totals?.map((total, index) => (
            <tr key={index} className={total.strong ? 'font-semibold' : undefined}>
              {phoneColumns === columns.length ? (
                <td colSpan={columns.length - 1} className="py-1 pr-3 text-right">
                  {total.label}
                </td>
              ) : (
                <>
                  <td colSpan={phoneColumns - 1} className="py-1 pr-3 text-right sm:hidden">
                    {total.label}
                  </td>
                  <td colSpan={columns.length - 1} className="hidden py-1 pr-3 text-right sm:table-cell">
                    {total.label}
                  </td>
                </>
              )}
              <td className={`py-1 ${rightAligned}`} data-testid={total.testId}>
                {total.value}
              </td>
            </tr>
          ))}
        </tfoot>
      ) : null}
    </table>
  )

  if (phone !== 'scroll') return table
  // Focusable, so that a keyboard can scroll it; named, so that a screen reader says what it holds.
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`max-w-full overflow-x-auto ${className}`.trim()}>
      {table}
    </div>
  )
}
