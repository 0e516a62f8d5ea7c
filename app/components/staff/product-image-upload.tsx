import { useRef, useState } from 'react'
import { Button } from '../ui/button'
import { parseMediaImageUrl } from '../../lib/media'
import { Picture } from '../shop/picture'

const MAX_UPLOAD_MB = 20
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/avif'
/** Addresses worth showing as a preview: a path on this site or https (the schema's rule), or an uploaded photo. */
const previewable = (url: string) => /^(https:\/\/|\/(?!\/))[^\s"'<>]*\.(png|jpe?g|webp|gif|svg|avif)$/i.test(url) || parseMediaImageUrl(url) !== null

/** Sends one file to /api/uploads: its address, or why it was refused, as a person can read it. */
async function uploadImage(file: File): Promise<{ url: string } | { error: string }> {
  if (file.size > MAX_UPLOAD_MB * 1024 * 1024) return { error: `${file.name} is too large: images can be at most ${MAX_UPLOAD_MB} MB.` }
  const body = new FormData()
  body.set('file', file)
  try {
    const response = await fetch('/api/uploads', { method: 'POST', body })
    const result = (await response.json().catch(() => ({}))) as { url?: string; error?: string }
    if (response.ok && result.url) return { url: result.url }
    return { error: result.error ?? `The upload failed (${response.status}). Please try again.` }
  } catch {
    return { error: 'The upload failed: the shop could not be reached. Please try again.' }
  }
}

/** A first alt text from a photo's file name ("e900-front_view.jpg" → "E900 front view"), for staff to correct. */
export function altFromFileName(name: string): string {
  const words = name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : ''
}

type Status = { kind: 'busy' | 'done' | 'error'; message: string } | null

/**
 * Photos dropped here (or chosen, several at once) are uploaded one after another and each becomes a
 * new image at the end of the list, with a first alt text from its file name. What failed is said.
 */
export function ImageDropZone({ onUploaded }: { onUploaded: (images: { url: string; alt: string }[]) => void }) {
  const [status, setStatus] = useState<Status>(null)
  const [hovering, setHovering] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  async function uploadAll(files: File[]) {
    const images = files.filter((file) => file.type === '' || file.type.startsWith('image/'))
    if (images.length === 0) {
      setStatus({ kind: 'error', message: 'Only photos can be added here: JPEG, PNG, WebP or AVIF.' })
      return
    }
    const done: { url: string; alt: string }[] = []
    const failed: string[] = []
    for (const [index, file] of images.entries()) {
      setStatus({ kind: 'busy', message: `Uploading ${index + 1} of ${images.length}…` })
      const result = await uploadImage(file)
      if ('url' in result) done.push({ url: result.url, alt: altFromFileName(file.name) })
      else failed.push(result.error)
    }
    if (done.length) onUploaded(done)
    const added =
      done.length === 1
        ? '1 image added at the end of the list; check its alt text.'
        : `${done.length} images added at the end of the list; check their alt text.`
    setStatus(failed.length ? { kind: 'error', message: `${done.length ? `${added} ` : ''}${failed.join(' ')}` } : { kind: 'done', message: added })
  }

  return (
    <div
      data-testid="image-drop-zone"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setHovering(true)
      }}
      onDragLeave={() => setHovering(false)}
      onDrop={(event) => {
        if (!event.dataTransfer.files.length) return
        event.preventDefault()
        setHovering(false)
        void uploadAll([...event.dataTransfer.files])
      }}
      className={`mt-4 rounded-xl border-2 border-dashed px-4 py-6 text-center ${hovering ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'}`}
    >
      <p className="text-sm text-slate-700">Drag photos here to add them, or</p>
      <Button type="button" variant="secondary" size="sm" className="mt-2" disabled={status?.kind === 'busy'} onClick={() => input.current?.click()}>
        Choose photos
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED}
        aria-label="Add photos"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          event.currentTarget.value = ''
          if (files.length) void uploadAll(files)
        }}
      />
      <p role="status" className={`mt-2 text-sm ${status?.kind === 'error' ? 'font-medium text-red-700' : 'text-slate-600'}`}>
        {status?.message}
      </p>
    </div>
  )
}

/** Replaces one image's file: uploads the chosen file and shows a preview of the item's image. */
export function ImageUpload({ id, number, preview, onUploaded }: { id: string; number: number; preview: string; onUploaded: (url: string) => void }) {
  const [status, setStatus] = useState<Status>(null)

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0]
    if (!file) return
    setStatus({ kind: 'busy', message: 'Uploading…' })
    const result = await uploadImage(file)
    input.value = ''
    if ('url' in result) {
      onUploaded(result.url)
      setStatus({ kind: 'done', message: 'Uploaded.' })
    } else {
      setStatus({ kind: 'error', message: result.error })
    }
  }

  return (
    <div className="flex flex-col gap-3 sm:w-60">
      <div className="flex h-36 w-full items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white">
        {previewable(preview) ? (
          <Picture src={preview} alt="" width={240} height={144} sizes="240px" className="h-full w-full object-contain" />
        ) : (
          <span className="px-2 text-center text-xs text-slate-500">No image yet</span>
        )}
      </div>
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          Upload image<span className="sr-only"> {number}</span>
        </label>
        <input
          id={id}
          type="file"
          accept={ACCEPTED}
          aria-describedby={status ? `${id}-status` : undefined}
          disabled={status?.kind === 'busy'}
          onChange={(event) => void upload(event.currentTarget)}
          className="mt-1 block w-full text-xs text-slate-600 file:mr-2 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-2.5 file:py-1.5 file:text-sm file:font-medium file:text-ink hover:file:border-brand-600"
        />
        <p id={`${id}-status`} role="status" className={`mt-1 text-sm ${status?.kind === 'error' ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          {status?.message}
        </p>
      </div>
    </div>
  )
}
