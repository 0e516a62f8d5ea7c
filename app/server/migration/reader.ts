import { EXPORT_FORMAT, EXPORT_VERSION, isMigrationCollection, MIGRATION_COLLECTIONS, type MigrationCollection } from './format.ts'

/** A file that is not a readable export: nothing from it may be written. */
export class ExportFileError extends Error {
  override name = 'ExportFileError'
}

/** The largest document accepted, so that a broken file cannot make the reader hold all of it. */
export const MAX_DOCUMENT_CHARS = 5_000_000
/** An image carries its files: a large photo's come to several megabytes of base64. */
export const MAX_IMAGE_DOCUMENT_CHARS = 64_000_000

export interface ExportHeader {
  format: string
  version: number
  collection: MigrationCollection
}

export type ExportEvent = { type: 'header'; header: ExportHeader } | { type: 'document'; id: string; document: unknown; line: number }

type Where = 'top' | 'documents'
type Expect = 'open' | 'key-or-close' | 'key' | 'colon' | 'value' | 'comma-or-close' | 'end'
type CaptureKind = 'string' | 'container' | 'scalar'

const HEADER_FIELDS = new Set(['format', 'version', 'collection', 'exportedAt'])
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09

/**
 * Reads an export file piece by piece, handing out its header and then one document at a time,
 * so a file of any size is read in the memory of its largest document. Each document's text is
 * cut out by tracking strings and brackets, then checked by JSON.parse; the structure around
 * the documents is checked here. The header (format, version, collection) must come before
 * `documents`, as the shop writes it.
 */
export class ExportReader {
  private where: Where = 'top'
  private expect: Expect = 'open'
  private key: string | null = null
  private readonly header: Record<string, unknown> = {}
  private documentsSeen = false
  private line = 1
  private started = false
  /** The largest value accepted: MAX_DOCUMENT_CHARS, or more once the header names the images collection. */
  private maxChars = MAX_DOCUMENT_CHARS

  private capture: { kind: CaptureKind; parts: string[]; size: number; depth: number; inString: boolean; escaped: boolean; line: number } | null = null

  /** Reads the next piece of text and returns what it completed. */
  push(text: string): ExportEvent[] {
    const events: ExportEvent[] = []
    let index = 0
    if (!this.started && text.length > 0) {
      this.started = true
      if (text.charCodeAt(0) === 0xfeff) index = 1
    }
    while (index < text.length) {
      if (this.capture) {
        index = this.continueCapture(text, index, events)
        continue
      }
      const code = text.charCodeAt(index)
      if (isSpace(code)) {
        if (code === 0x0a) this.line++
        index++
        continue
      }
      index = this.structural(text, index, events)
    }
    return events
  }

  /** Says the file has ended; throws if it ended before the export was complete. */
  end(): ExportEvent[] {
    const events: ExportEvent[] = []
    if (this.capture?.kind === 'scalar') this.finishCapture(events)
    if (this.capture || this.expect !== 'end') {
      if (!this.started) throw new ExportFileError('The file is empty.')
      throw new ExportFileError(`The file ends too early, at line ${this.line}: it is cut short or is not a complete export.`)
    }
    return events
  }

  private fail(message: string): never {
    throw new ExportFileError(`Not a valid export file (line ${this.line}): ${message}`)
  }

  private structural(text: string, index: number, events: ExportEvent[]): number {
    const character = text[index]!
    switch (this.expect) {
      case 'open':
        if (character !== '{') this.fail('an export file is a JSON object and starts with "{".')
        this.expect = 'key-or-close'
        return index + 1
      case 'key-or-close':
      case 'key':
        if (character === '}' && this.expect === 'key-or-close') return this.closeObject(index)
        if (character !== '"') this.fail(`expected a quoted ${this.where === 'documents' ? 'document id' : 'field name'}, found ${JSON.stringify(character)}.`)
        this.startCapture('string')
        return index
      case 'colon':
        if (character !== ':') this.fail(`expected ":" after ${JSON.stringify(this.key)}, found ${JSON.stringify(character)}.`)
        this.expect = 'value'
        return index + 1
      case 'value':
        if (this.where === 'top' && this.key === 'documents') {
          if (character !== '{') this.fail('"documents" must be an object of documents keyed by their id.')
          const header = this.checkedHeader()
          if (header.collection === 'images') this.maxChars = MAX_IMAGE_DOCUMENT_CHARS
          events.push({ type: 'header', header })
          this.where = 'documents'
          this.expect = 'key-or-close'
          return index + 1
        }
        this.startCapture(character === '"' ? 'string' : character === '{' || character === '[' ? 'container' : 'scalar')
        return index
      case 'comma-or-close':
        if (character === ',') {
          this.expect = 'key'
          return index + 1
        }
        if (character === '}') return this.closeObject(index)
        return this.fail(`expected "," or "}", found ${JSON.stringify(character)}.`)
      case 'end':
        return this.fail('there is more after the end of the export.')
    }
  }

  private closeObject(index: number): number {
    if (this.where === 'documents') {
      this.where = 'top'
      this.documentsSeen = true
      this.expect = 'comma-or-close'
      return index + 1
    }
    if (!this.documentsSeen) {
      if (Object.keys(this.header).length === 0) this.fail('the file has no "format", "version", "collection" or "documents".')
      this.checkedHeader()
      this.fail('the file has no "documents".')
    }
    this.expect = 'end'
    return index + 1
  }

  private startCapture(kind: CaptureKind) {
    this.capture = { kind, parts: [], size: 0, depth: 0, inString: false, escaped: false, line: this.line }
  }

  /** Follows the value being cut out until it ends or the text runs out; returns where it stopped. */
  private continueCapture(text: string, from: number, events: ExportEvent[]): number {
    const capture = this.capture!
    let index = from
    let done = false
    if (capture.kind === 'scalar') {
      while (index < text.length) {
        const code = text.charCodeAt(index)
        if (isSpace(code) || code === 0x2c || code === 0x7d || code === 0x5d) {
          done = true
          break
        }
        index++
      }
      this.keep(text.slice(from, index))
    } else {
      while (index < text.length && !done) {
        const code = text.charCodeAt(index)
        if (code === 0x0a) this.line++
        if (capture.inString) {
          if (capture.escaped) capture.escaped = false
          else if (code === 0x5c) capture.escaped = true
          else if (code === 0x22) {
            capture.inString = false
            if (capture.kind === 'string') done = true
          }
        } else if (code === 0x22) {
          capture.inString = true
        } else if (code === 0x7b || code === 0x5b) {
          capture.depth++
        } else if (code === 0x7d || code === 0x5d) {
          capture.depth--
          if (capture.depth === 0) done = true
        }
        index++
      }
      this.keep(text.slice(from, index))
    }
    if (done) this.finishCapture(events)
    return index
  }

  private keep(part: string) {
    const capture = this.capture!
    capture.size += part.length
    if (capture.size > this.maxChars) {
      this.fail(`a value starting at line ${capture.line} is longer than ${this.maxChars.toLocaleString('en-AU')} characters.`)
    }
    if (part) capture.parts.push(part)
  }

  private finishCapture(events: ExportEvent[]) {
    const capture = this.capture!
    this.capture = null
    const text = capture.parts.join('')
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      const what =
        this.expect === 'value'
          ? this.where === 'documents'
            ? `the document ${JSON.stringify(this.key)}`
            : `the value of ${JSON.stringify(this.key)}`
          : 'a name'
      this.line = capture.line
      this.fail(`${what} is not valid JSON (${(error as Error).message}).`)
    }
    if (this.expect === 'value') {
      if (this.where === 'documents') events.push({ type: 'document', id: this.key!, document: value, line: capture.line })
      else this.header[this.key!] = value
      this.expect = 'comma-or-close'
      return
    }
    this.acceptKey(value as string, capture.line)
  }

  private acceptKey(key: string, line: number) {
    this.line = line
    if (this.where === 'top') {
      if (this.documentsSeen) this.fail(`${JSON.stringify(key)} comes after "documents"; the header must come first.`)
      if (key !== 'documents' && !HEADER_FIELDS.has(key))
        this.fail(`unknown field ${JSON.stringify(key)}; an export has "format", "version", "collection" and "documents".`)
      if (key in this.header) this.fail(`${JSON.stringify(key)} appears twice.`)
    }
    this.key = key
    this.expect = 'colon'
  }

  private checkedHeader(): ExportHeader {
    const { format, version, collection } = this.header
    if (format !== EXPORT_FORMAT) {
      throw new ExportFileError(
        `This is not a shop export file: its "format" must be "${EXPORT_FORMAT}"${format === undefined ? ', and it has none' : `, not ${JSON.stringify(format)}`}.`,
      )
    }
    if (version !== EXPORT_VERSION) {
      throw new ExportFileError(
        typeof version === 'number'
          ? `This file uses version ${version} of the export format; this shop reads version ${EXPORT_VERSION}.`
          : `The file has no valid format "version"; this shop reads version ${EXPORT_VERSION}.`,
      )
    }
    if (typeof collection !== 'string' || !isMigrationCollection(collection)) {
      throw new ExportFileError(
        `The file is for an unknown collection ${JSON.stringify(collection ?? null)}; the collections are ${MIGRATION_COLLECTIONS.join(', ')}.`,
      )
    }
    return { format, version, collection }
  }
}

export interface FileEntry {
  id: string
  document: unknown
  line: number
}

/**
 * The documents of an export file of `collection`, read as a stream. Throws ExportFileError as
 * soon as the file proves not to be one (bad JSON, other format or version, other collection).
 */
export async function* readExportFile(pieces: AsyncIterable<string>, collection: MigrationCollection): AsyncGenerator<FileEntry> {
  const reader = new ExportReader()
  const take = function* (events: ExportEvent[]) {
    for (const event of events) {
      if (event.type === 'document') {
        yield { id: event.id, document: event.document, line: event.line }
      } else if (event.header.collection !== collection) {
        throw new ExportFileError(`This file holds ${event.header.collection}, not ${collection}.`)
      }
    }
  }
  for await (const piece of pieces) yield* take(reader.push(piece))
  yield* take(reader.end())
}
