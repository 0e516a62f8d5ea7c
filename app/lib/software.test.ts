import { describe, expect, it } from 'vitest'
import { downloadLabel, downloadUrl, findDownload, softwareEntries, UNIGCS_MK32_EXPLANATION, UNIGCS_STANDARD_EXPLANATION, type SoftwareEntry } from './software'

const entries = softwareEntries()

function entry(id: string): SoftwareEntry {
  const found = entries.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`missing ${id}`)
  return found
}

describe('software entries', () => {
  it('lists the Android apps before the Windows software', () => {
    expect(entries.map((candidate) => [candidate.id, candidate.platform])).toEqual([
      ['unigcs', 'android'],
      ['qgroundcontrol', 'android'],
      ['fpv', 'android'],
      ['tx', 'android'],
      ['unigcs-windows', 'windows'],
      ['qgroundcontrol-installer', 'windows'],
      ['configuration-assistant', 'windows'],
    ])
  })

  it('carries the versions and release dates of the specification', () => {
    expect(entry('unigcs')).toMatchObject({ name: 'UniGCS', version: '1.1.11' })
    expect(entry('unigcs-windows')).toMatchObject({ version: '1.1.3', released: '2025-04-30' })
    expect(entry('fpv').version).toBe('2.5.15.710')
    expect(entry('tx').version).toBe('1.1.256')
    expect(entry('configuration-assistant')).toMatchObject({ version: '1.4.5', released: '2024-10-18' })
    expect(entry('qgroundcontrol-installer').released).toBe('2024-03-19')
    expect(entry('qgroundcontrol')).toMatchObject({ version: '4.4.4', requirement: 'Android 6.0 and above' })
  })

  it('gives UniGCS a Standard and an MK32 / MK15 build, Standard first, each with its own download', () => {
    const [standard, mk32, ...rest] = entry('unigcs').variants ?? []
    expect(rest).toEqual([])
    expect(standard).toMatchObject({ id: 'standard', label: 'Standard', explanation: 'for all systems except MK32 and MK15' })
    expect(mk32).toMatchObject({ id: 'mk32', label: 'MK32 / MK15', explanation: 'for MK32 and MK15 controllers only' })
    expect(UNIGCS_STANDARD_EXPLANATION).toBe(standard?.explanation)
    expect(UNIGCS_MK32_EXPLANATION).toBe(mk32?.explanation)
    expect(standard?.downloadUrl).toBe('/downloads/unigcs-1.1.11-standard.apk')
    expect(mk32?.downloadUrl).toBe('/downloads/unigcs-1.1.11-mk32.apk')
    expect(entry('unigcs').downloadUrl).toBe(standard?.downloadUrl)
  })

  it('shows QR codes for the Android apps only', () => {
    expect(entries.filter((candidate) => candidate.qr).map((candidate) => candidate.platform)).toEqual(['android', 'android', 'android', 'android'])
  })

  it('gives every installer its own file name', () => {
    const files = entries.flatMap((candidate) => candidate.variants?.map((variant) => variant.file) ?? [candidate.file])
    expect(new Set(files).size).toBe(files.length)
    expect(entry('configuration-assistant').file).toBe('configuration-assistant-1.4.5.exe')
    expect(entry('qgroundcontrol-installer').file).toBe('qgroundcontrol-installer-2024-03-19.exe')
  })
})

describe('downloadUrl', () => {
  it('serves from /downloads by default', () => {
    expect(downloadUrl('tx-1.1.256.apk')).toBe('/downloads/tx-1.1.256.apk')
  })

  it('respects a configured base, with or without a trailing slash', () => {
    expect(downloadUrl('tx-1.1.256.apk', 'https://files.example.com/unidrone')).toBe('https://files.example.com/unidrone/tx-1.1.256.apk')
    expect(downloadUrl('tx-1.1.256.apk', 'https://files.example.com/unidrone/')).toBe('https://files.example.com/unidrone/tx-1.1.256.apk')
    expect(softwareEntries('https://cdn.example.com').map((candidate) => candidate.downloadUrl)).toContain('https://cdn.example.com/fpv-2.5.15.710.apk')
  })
})

describe('findDownload', () => {
  it('finds an entry or a variant by its file name', () => {
    expect(findDownload('fpv-2.5.15.710.apk')?.entry.id).toBe('fpv')
    const mk32 = findDownload('unigcs-1.1.11-mk32.apk')
    expect(mk32?.variant?.id).toBe('mk32')
    expect(mk32 && downloadLabel(mk32)).toBe('UniGCS 1.1.11 (MK32 / MK15)')
  })

  it('knows nothing of other files', () => {
    expect(findDownload('unigcs-1.1.10-standard.apk')).toBeUndefined()
    expect(findDownload('../package.json')).toBeUndefined()
  })
})
