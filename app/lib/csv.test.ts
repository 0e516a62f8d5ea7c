import { describe, expect, it } from 'vitest'
import { BOM, CsvError, CsvReader, csvField, csvLine, defuseFormula, parseCsv, restoreFormula } from './csv'

const cells = (text: string) => parseCsv(text).map((row) => row.cells)

describe('reading CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line ends inside them', () => {
    expect(cells('Handle,Title\r\na,"Camera, small"\r\nb,"The ""F1"""\r\nc,"two\nlines"\r\n')).toEqual([
      ['Handle', 'Title'],
      ['a', 'Camera, small'],
      ['b', 'The "F1"'],
      ['c', 'two\nlines'],
    ])
  })

  it('reads CRLF, LF and lone CR line ends alike, with or without a last line end', () => {
    const expected = [
      ['a', 'b'],
      ['c', 'd'],
    ]
    for (const text of ['a,b\r\nc,d\r\n', 'a,b\nc,d\n', 'a,b\rc,d', 'a,b\r\nc,d']) expect(cells(text), JSON.stringify(text)).toEqual(expected)
  })

  it('drops a BOM at the start and nowhere else', () => {
    expect(cells(`${BOM}Handle,Title\n`)).toEqual([['Handle', 'Title']])
    expect(cells(`a,${BOM}b`)).toEqual([['a', `${BOM}b`]])
  })

  it('keeps empty fields, trailing ones included, and skips blank lines', () => {
    expect(cells('a,b,\n\n,,\n"",x\n\r\n')).toEqual([
      ['a', 'b', ''],
      ['', '', ''],
      ['', 'x'],
    ])
  })

  it('keeps a quote inside an unquoted field as a character', () => {
    expect(cells('a,5" screen\n')).toEqual([['a', '5" screen']])
  })

  it('says on which line each row starts, counting the lines inside quoted fields', () => {
    expect(parseCsv('h\n"one\r\ntwo\nthree"\nnext\n').map((row) => row.line)).toEqual([1, 2, 5])
  })

  it('reads the same rows however the text is cut into pieces', () => {
    const text = `${BOM}Handle,Body\r\nx,"a ""quoted"", text\r\nover lines"\r\ny,plain\r\n`
    for (let size = 1; size <= 7; size++) {
      const reader = new CsvReader()
      const rows = []
      for (let index = 0; index < text.length; index += size) rows.push(...reader.push(text.slice(index, index + size)))
      rows.push(...reader.end())
      expect(rows, `pieces of ${size}`).toEqual(parseCsv(text))
    }
    expect(parseCsv(text).map((row) => row.line)).toEqual([1, 2, 4])
  })

  it('refuses a quoted field never closed, naming the line where it opens', () => {
    expect(() => parseCsv('Handle,Title\na,b\nc,"open\nand on\n')).toThrowError(
      new CsvError(3, 'a quoted field starts here and is never closed (a " is missing).'),
    )
    expect(() => parseCsv('Handle,Title\na,b\nc,"open\nand on\n')).toThrowError('Line 3: a quoted field starts here')
  })

  it('refuses text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n"x"y,z\n')).toThrowError('Line 2: after a closing quote comes a comma or the end of the line, not "y".')
  })
})

describe('writing CSV', () => {
  it('quotes a field with a comma, a quote or a line end, doubling its quotes', () => {
    expect(csvLine(['plain', 'a, b', 'say "hi"', 'two\nlines', ''])).toBe('plain,"a, b","say ""hi""","two\nlines",\r\n')
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"')
  })

  it('defuses what a spreadsheet would run as a formula, and reading restores it', () => {
    for (const text of ['=HYPERLINK("http://x")', '+61 7 3000 0000', '-5', '@SUM(A1)', '\tindented', '\rreturn', "'quoted'"]) {
      expect(defuseFormula(text)).toBe(`'${text}`)
      expect(restoreFormula(defuseFormula(text))).toBe(text)
    }
    for (const text of ['UniCam F1', '1299.00', '', 'a=b']) expect(defuseFormula(text)).toBe(text)
  })

  it('reads back what it writes, field for field', () => {
    const rows = [
      ['Handle', 'Title', 'Body (HTML)'],
      ['x', '=1+1', '<p>A "quoted", comma</p>\n<p>Line two</p>'],
      ['y', "'already", ''],
    ]
    const text = BOM + rows.map(csvLine).join('')
    expect(cells(text).map((row) => row.map(restoreFormula))).toEqual(rows)
  })
})
