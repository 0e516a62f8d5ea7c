/**
 * Comma-separated values as RFC 4180 has them: fields separated by commas, rows by line ends (CRLF
 * written; CRLF, LF or a lone CR read), a field holding a comma, a quote or a line end written in
 * double quotes with its quotes doubled. Pure: shared by the products' CSV export and import
 * (docs/data-format.md, Products as CSV) and their tests.
 */

/**
 * Excel reads a CSV file without it as the computer's legacy code page, which garbles every character
 * outside ASCII ("–" becomes "â€“"); with it, Excel, LibreOffice, Google Sheets and Shopify all read
 * UTF-8. Excel's own "CSV UTF-8" files start with it, and the reader drops it.
 */
export const BOM = '\uFEFF'

/** A file that is not readable CSV, with the line where the problem is. */
export class CsvError extends Error {
  override name = 'CsvError'
  readonly line: number
  constructor(line: number, message: string) {
    super(`Line ${line}: ${message}`)
    this.line = line
  }
}

export interface CsvRow {
  /** The line the row starts on, counting from 1 (a field with line ends spans several). */
  line: number
  cells: string[]
}

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection): such a
 * cell is written after a `'`, which spreadsheets take as "this is text". A cell that starts with `'`
 * itself gets one too, so that taking the first `'` off on reading gives back exactly what was written.
 */
const FORMULA_START = /^[=+\-@\t\r']/

export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** The cell as it was before `defuseFormula`: one leading `'` taken off. */
export function restoreFormula(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text
}

/** One field: defused, and quoted when it holds a comma, a quote or a line end. */
export function csvField(value: string): string {
  const text = defuseFormula(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One row, with its CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`
}

type State = 'field-start' | 'unquoted' | 'quoted' | 'quote-in-quoted'

/**
 * Reads CSV text piece by piece (a file as it streams in), handing out each row as it completes.
 * Cells come back as written, with no `'` taken off: that is the caller's, per cell it reads as text.
 * A quote inside a field that did not start with one is kept as a character (`5" screen`), as
 * spreadsheets read it; text after a closing quote, or a quoted field never closed, is refused.
 */
export class CsvReader {
  private state: State = 'field-start'
  private cells: string[] = []
  private field = ''
  private line = 1
  private rowLine = 1
  private quoteLine = 1
  /** A CR ended the last row: an LF right after it belongs to the same line end. */
  private afterCr = false
  private started = false
  private rowHasText = false
  private crInQuotes = false

  push(text: string): CsvRow[] {
    const rows: CsvRow[] = []
    let index = 0
    if (!this.started && text.length > 0) {
      this.started = true
      if (text.startsWith(BOM)) index = 1
    }
    for (; index < text.length; index++) {
      const character = text[index]!
      if (this.afterCr) {
        this.afterCr = false
        if (character === '\n') continue
      }
      switch (this.state) {
        case 'field-start':
          if (character === '"') {
            this.state = 'quoted'
            this.quoteLine = this.line
            this.rowHasText = true
          } else if (character === ',') {
            this.endField()
          } else if (character === '\r' || character === '\n') {
            this.endRow(rows, character)
          } else {
            this.field += character
            this.state = 'unquoted'
            this.rowHasText = true
          }
          break
        case 'unquoted':
          if (character === ',') this.endField()
          else if (character === '\r' || character === '\n') this.endRow(rows, character)
          else this.field += character
          break
        case 'quoted':
          if (character === '"') {
            this.state = 'quote-in-quoted'
          } else {
            // CRLF inside a field is one line end, counted at the CR (which may end one piece of text).
            if (character === '\r' || (character === '\n' && !this.crInQuotes)) this.line++
            this.field += character
          }
          this.crInQuotes = character === '\r'
          break
        case 'quote-in-quoted':
          if (character === '"') {
            this.field += '"'
            this.state = 'quoted'
          } else if (character === ',') {
            this.endField()
          } else if (character === '\r' || character === '\n') {
            this.endRow(rows, character)
          } else {
            throw new CsvError(this.line, `after a closing quote comes a comma or the end of the line, not ${JSON.stringify(character)}.`)
          }
          break
      }
    }
    return rows
  }

  /** Says the text has ended: the last row, if it had no line end, or an error for a quote left open. */
  end(): CsvRow[] {
    if (this.state === 'quoted') {
      throw new CsvError(this.quoteLine, 'a quoted field starts here and is never closed (a " is missing).')
    }
    const rows: CsvRow[] = []
    if (this.rowHasText || this.cells.length > 0) {
      this.endField()
      rows.push({ line: this.rowLine, cells: this.cells })
    }
    this.cells = []
    return rows
  }

  private endField() {
    this.cells.push(this.field)
    this.field = ''
    this.state = 'field-start'
  }

  private endRow(rows: CsvRow[], character: string) {
    // A line with nothing on it (a blank line, or the end of the file after the last line end) is no row.
    if (this.rowHasText || this.cells.length > 0) {
      this.endField()
      rows.push({ line: this.rowLine, cells: this.cells })
    }
    this.cells = []
    this.field = ''
    this.state = 'field-start'
    this.rowHasText = false
    this.line++
    this.rowLine = this.line
    this.afterCr = character === '\r'
  }
}

/** Every row of a CSV text. */
export function parseCsv(text: string): CsvRow[] {
  const reader = new CsvReader()
  return [...reader.push(text), ...reader.end()]
}
