/** A plain-text table: first column left-aligned, the others right-aligned; a one-cell row is a heading line. */
export function formatTable(header: string[], rows: string[][]): string {
  const cells = rows.filter((row) => row.length > 1)
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd()
  const rule = widths.map((width) => '─'.repeat(width)).join('  ')
  return [line(header), rule, ...rows.map((row) => (row.length === 1 ? row[0]! : line(row)))].join('\n')
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${Math.round(bytes)} B`
}

export function formatMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`
  if (ms >= 100 || Number.isInteger(ms)) return ms < 1 ? '<1 ms' : `${Math.round(ms)} ms`
  return `${ms.toFixed(1)} ms`
}

/** Reads a positive number from the environment, or the default. */
export function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number (got "${raw}").`)
  return value
}
