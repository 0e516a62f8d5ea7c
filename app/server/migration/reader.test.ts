import { describe, expect, it } from 'vitest'
import { exportEntry, exportFooter, exportHeader } from './format.ts'
import { ExportFileError, ExportReader, MAX_DOCUMENT_CHARS, MAX_IMAGE_DOCUMENT_CHARS, readExportFile, type FileEntry } from './reader.ts'

const tricky = {
  FBUID: 'a-product',
  productName: 'Braces } and { brackets ] [ in "quotes" \\ and a back-slash',
  nested: [{ value: '}}]]', label: '\u00e9\u{1F681}', description: '' }, []],
  count: -12.5e3,
  flag: false,
  none: null,
}

const sample =
  exportHeader('products') +
  exportEntry({ id: 'a-product', document: tricky }, true) +
  exportEntry({ id: 'b "quoted" \u00e9', document: { FBUID: 'b "quoted" \u00e9' } }, false) +
  exportFooter(false)

async function* pieces(text: string, size: number) {
  for (let index = 0; index < text.length; index += size) yield text.slice(index, index + size)
}

async function read(text: string, size = text.length || 1, collection: 'products' | 'templates' = 'products'): Promise<FileEntry[]> {
  const entries: FileEntry[] = []
  for await (const entry of readExportFile(pieces(text, size), collection)) entries.push(entry)
  return entries
}

const refused = (text: string, message: RegExp | string) => expect(read(text)).rejects.toThrow(message)

const fileWith = (documents: string, header = '"format": "unidrone-shop-export", "version": 1, "collection": "products"') =>
  `{${header}, "documents": ${documents}}`

describe('reading an export file as a stream', () => {
  it('hands out each document with its id, whatever the size of the pieces it arrives in', async () => {
    const expected = [
      { id: 'a-product', document: tricky, line: 6 },
      { id: 'b "quoted" \u00e9', document: { FBUID: 'b "quoted" \u00e9' }, line: 21 },
    ]
    expect(await read(sample)).toEqual(expected)
    for (const size of [1, 2, 3, 7, 64]) expect(await read(sample, size), `pieces of ${size}`).toEqual(expected)
  })

  it('reads the same documents from a file written on one line, with a byte order mark', async () => {
    const compact = `\uFEFF${JSON.stringify({ format: 'unidrone-shop-export', version: 1, collection: 'products', documents: { x: { a: [1, { b: '}' }] }, y: {} } })}`
    expect((await read(compact, 5)).map(({ id, document }) => ({ id, document }))).toEqual([
      { id: 'x', document: { a: [1, { b: '}' }] } },
      { id: 'y', document: {} },
    ])
  })

  it('hands out values that are not objects as they are, for the import to reject', async () => {
    expect((await read(fileWith('{"n": 5, "s": "text", "l": [1], "z": null}'))).map((entry) => entry.document)).toEqual([5, 'text', [1], null])
  })

  it('reads an export with no documents, and an exportedAt note', async () => {
    expect(await read(fileWith('{}', '"format": "unidrone-shop-export", "version": 1, "collection": "products", "exportedAt": "2024-01-01"'))).toEqual([])
  })

  it('refuses what is not JSON, saying where', async () => {
    await refused('', 'The file is empty.')
    await refused('not json', /line 1\): an export file is a JSON object/)
    await refused(fileWith('{"a": {"b": 1,}}'), /the document "a" is not valid JSON/)
    await refused(fileWith('{"a": {}, }'), /expected a quoted document id/)
    await refused(fileWith('{"a" {}}'), /expected ":" after "a"/)
    await refused(fileWith('{"a": {} "b": {}}'), /expected "," or "}"/)
    await refused(sample.slice(0, sample.length - 10), /ends too early/)
    await refused(`${sample} {}`, /more after the end/)
    await refused('{"format": "unidrone-shop-export", "version": 01, "collection": "products", "documents": {}}', /"version" is not valid JSON/)
  })

  it('refuses another format, another version and unknown or other collections', async () => {
    await refused(
      fileWith('{}', '"format": "something-else", "version": 1, "collection": "products"'),
      'This is not a shop export file: its "format" must be "unidrone-shop-export", not "something-else".',
    )
    await refused(fileWith('{}', '"version": 1, "collection": "products"'), /and it has none/)
    await refused(
      fileWith('{}', '"format": "unidrone-shop-export", "version": 2, "collection": "products"'),
      'This file uses version 2 of the export format; this shop reads version 1.',
    )
    await refused(fileWith('{}', '"format": "unidrone-shop-export", "version": "1", "collection": "products"'), /no valid format "version"/)
    await refused(
      fileWith('{}', '"format": "unidrone-shop-export", "version": 1, "collection": "checkouts"'),
      /unknown collection "checkouts"; the collections are products, templates/,
    )
    await expect(read(sample, 10, 'templates')).rejects.toThrow('This file holds products, not templates.')
  })

  it('refuses a header that comes after the documents, unknown or repeated fields, and a missing documents object', async () => {
    await refused('{"documents": {}, "format": "unidrone-shop-export"}', /not a shop export file/)
    await refused(`${fileWith('{}').slice(0, -1)}, "version": 1}`, /"version" comes after "documents"/)
    await refused(fileWith('{}', '"format": "unidrone-shop-export", "version": 1, "version": 1, "collection": "products"'), /"version" appears twice/)
    await refused(fileWith('{}', '"format": "unidrone-shop-export", "version": 1, "collection": "products", "extra": true'), /unknown field "extra"/)
    await refused('{"format": "unidrone-shop-export", "version": 1, "collection": "products"}', /has no "documents"/)
    await refused(fileWith('[]'), /"documents" must be an object/)
    await refused('[]', /starts with "\{"/)
    await refused('{}', /has no "format"/)
  })

  it('stops at a document too large to hold, instead of reading on', () => {
    const reader = new ExportReader()
    reader.push('{"format": "unidrone-shop-export", "version": 1, "collection": "products", "documents": {"big": {"text": "')
    const chunk = 'x'.repeat(1_000_000)
    const feed = () => {
      for (let sent = 0; sent <= MAX_DOCUMENT_CHARS; sent += chunk.length) reader.push(chunk)
    }
    expect(feed).toThrow(ExportFileError)
    expect(feed).toThrow(/longer than 5,000,000 characters/)
  })

  it('takes larger documents in a file of images, whose files are in them, up to its own limit', () => {
    const reader = new ExportReader()
    reader.push('{"format": "unidrone-shop-export", "version": 1, "collection": "images", "documents": {"big": {"files": {"1600.webp": "')
    const chunk = 'A'.repeat(1_000_000)
    for (let sent = 0; sent <= MAX_DOCUMENT_CHARS; sent += chunk.length) reader.push(chunk)
    const events = reader.push('"}}}}')
    expect(events).toEqual([{ type: 'document', id: 'big', document: { files: { '1600.webp': 'A'.repeat(6_000_000) } }, line: 1 }])
    expect(reader.end()).toEqual([])

    const larger = new ExportReader()
    larger.push('{"format": "unidrone-shop-export", "version": 1, "collection": "images", "documents": {"big": {"files": {"1600.webp": "')
    const feed = () => {
      for (let sent = 0; sent <= MAX_IMAGE_DOCUMENT_CHARS; sent += chunk.length) larger.push(chunk)
    }
    expect(feed).toThrow(/longer than 64,000,000 characters/)
  })
})
