/** One column of a DataTable: its heading and what each row shows in it. */
export interface Column<Row> {
  header: string
  /** The heading is for screen readers only (a column of checkboxes). */
  hideHeader?: boolean
  cell: (row: Row) => React.ReactNode
  align?: 'right'
  /** On phones the cell takes the whole width of its stacked row. */
  wide?: boolean
  /** On phones the heading is written before the value (figures that would not say what they are). */
  labelOnPhone?: boolean
}

/**
 * A table of records that becomes stacked rows on a phone (two cells a line, no sideways scrolling):
 * the headings are the columns on wider screens, and the cells say what they are where they must.
 */
export function DataTable<Row>({ rows, columns, rowKey, rowProps, className = 'mt-4' }: { rows: readonly Row[]; columns: readonly Column<Row>[]; rowKey: (row: Row) => string; rowProps?: (row: Row) => Record<string, string>; className?: string }) {
  return (
    <table className={`${className} w-full text-left text-sm`}>
      <thead className="hidden border-b border-slate-200 text-slate-500 sm:table-header-group">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={`py-2 pr-3 font-medium ${column.align === 'right' ? 'text-right' : ''}`}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)} className="grid grid-cols-2 gap-x-4 gap-y-1 py-3 sm:table-row sm:py-0" {...rowProps?.(row)}>
            {columns.map((column) => (
              <td key={column.header} className={`min-w-0 sm:py-2 sm:pr-3 ${column.wide ? 'col-span-2' : ''} ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}>
                {column.labelOnPhone ? <span className="text-xs text-slate-500 sm:hidden">{column.header}: </span> : null}
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
