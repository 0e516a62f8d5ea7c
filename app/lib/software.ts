/**
 * The software offered on /software, as data: a new release is a one-line change of `version`
 * (and `released`), and the installer's file name follows from it.
 *
 * Environment: DOWNLOADS_BASE_URL — where the installers are hosted, e.g.
 * `https://files.example.com/unidrone` (the file names below are appended to it). When it is not set,
 * links point at the shop's own /downloads/<file>, which answers with a short text placeholder
 * (app/routes/downloads.$file.ts), because the installers themselves are not in this repository.
 */

export type SoftwarePlatform = 'android' | 'windows'
export type SoftwareVariantId = 'standard' | 'mk32'

export interface SoftwareVariant {
  id: SoftwareVariantId
  label: string
  explanation: string
  version: string
  file: string
  downloadUrl: string
}

export interface SoftwareEntry {
  id: string
  name: string
  platform: SoftwarePlatform
  /** Absent only where the specification gives none (the QGC installer is known by its date). */
  version?: string
  /** ISO date (YYYY-MM-DD). */
  released?: string
  requirement?: string
  description: string
  file: string
  downloadUrl: string
  /** Show a QR code, so a phone can fetch the app straight from the page. */
  qr: boolean
  /** Builds of one app for different hardware; the first is the default. */
  variants?: SoftwareVariant[]
}

type Extension = 'apk' | 'exe'

interface Release {
  id: string
  name: string
  platform: SoftwarePlatform
  version?: string
  released?: string
  requirement?: string
  description: string
  extension: Extension
  qr: boolean
  variants?: { id: SoftwareVariantId; label: string; explanation: string }[]
}

export const UNIGCS_STANDARD_EXPLANATION = 'for all systems except MK32 and MK15'
export const UNIGCS_MK32_EXPLANATION = 'for MK32 and MK15 controllers only'

const RELEASES: Release[] = [
  {
    id: 'unigcs',
    name: 'UniGCS',
    platform: 'android',
    version: '1.1.11',
    description: 'Our ground control station for Android: plan missions, fly and monitor your drone from a tablet or phone.',
    extension: 'apk',
    qr: true,
    variants: [
      { id: 'standard', label: 'Standard', explanation: UNIGCS_STANDARD_EXPLANATION },
      { id: 'mk32', label: 'MK32 / MK15', explanation: UNIGCS_MK32_EXPLANATION },
    ],
  },
  {
    id: 'qgroundcontrol',
    name: 'QGroundControl (QGC)',
    platform: 'android',
    version: '4.4.4',
    requirement: 'Android 6.0 and above',
    description: 'The open-source ground control station for PX4 and ArduPilot autopilots: set up, calibrate and fly.',
    extension: 'apk',
    qr: true,
  },
  {
    id: 'fpv',
    name: 'FPV',
    platform: 'android',
    version: '2.5.15.710',
    description: 'Shows the live first-person-view video from your drone’s camera on an Android phone or tablet.',
    extension: 'apk',
    qr: true,
  },
  {
    id: 'tx',
    name: 'TX',
    platform: 'android',
    version: '1.1.256',
    description: 'Companion app for the handheld transmitter: settings and updates for your radio controller.',
    extension: 'apk',
    qr: true,
  },
  {
    id: 'unigcs-windows',
    name: 'UniGCS for Windows',
    platform: 'windows',
    version: '1.1.3',
    released: '2025-04-30',
    description: 'Our ground control station on a Windows PC, for mission planning and flight monitoring on a larger screen.',
    extension: 'exe',
    qr: false,
  },
  {
    id: 'qgroundcontrol-installer',
    name: 'QGroundControl installer',
    platform: 'windows',
    released: '2024-03-19',
    description: 'Installs QGroundControl on Windows, to set up, calibrate and fly PX4 and ArduPilot autopilots.',
    extension: 'exe',
    qr: false,
  },
  {
    id: 'configuration-assistant',
    name: 'Configuration Assistant',
    platform: 'windows',
    version: '1.4.5',
    released: '2024-10-18',
    description: 'Sets up and updates flight controllers and radio equipment connected to your PC over USB.',
    extension: 'exe',
    qr: false,
  },
]

/** Where an installer is downloaded from: `base` is DOWNLOADS_BASE_URL, or the shop's own /downloads. */
export function downloadUrl(file: string, base = '/downloads'): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(file)}`
}

function fileName(release: Release, variant?: SoftwareVariantId): string {
  const edition = release.version ?? release.released
  return `${[release.id, edition, variant].filter(Boolean).join('-')}.${release.extension}`
}

/** Every entry with its download links, in page order: Android apps first, then Windows software. */
export function softwareEntries(base?: string): SoftwareEntry[] {
  return RELEASES.map((release) => {
    const { extension, variants, ...entry } = release
    const builds = variants?.map((variant) => {
      const file = fileName(release, variant.id)
      return { ...variant, version: release.version ?? '', file, downloadUrl: downloadUrl(file, base) }
    })
    const file = builds?.[0]?.file ?? fileName(release)
    return { ...entry, file, downloadUrl: downloadUrl(file, base), ...(builds && { variants: builds }) }
  })
}

export interface SoftwareDownload {
  entry: SoftwareEntry
  variant?: SoftwareVariant
}

/** The entry (and variant) whose installer has this file name, if any. */
export function findDownload(file: string): SoftwareDownload | undefined {
  for (const entry of softwareEntries()) {
    const variant = entry.variants?.find((candidate) => candidate.file === file)
    if (variant) return { entry, variant }
    if (entry.file === file) return { entry }
  }
  return undefined
}

/** "UniGCS 1.1.11 (Standard)": the name a download link or QR code is announced by. */
export function downloadLabel({ entry, variant }: SoftwareDownload): string {
  const version = variant?.version || entry.version
  return [entry.name, version, variant ? `(${variant.label})` : ''].filter(Boolean).join(' ')
}
