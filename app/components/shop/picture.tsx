import type { CSSProperties } from 'react'
import { mediaDefaultWidth, mediaFileUrl, mediaSrcset, parseMediaImageUrl } from '../../lib/media'

export interface PictureProps {
  src: string
  alt: string
  /** The room the image takes where its address does not say its size (the demo's drawn art, links). */
  width: number
  height: number
  /** How wide the image is shown, as `<img sizes>` says it: the browser picks the file from it. */
  sizes: string
  className?: string
  loading?: 'eager' | 'lazy'
  fetchPriority?: 'high' | 'low' | 'auto'
  /** A blurred data: URL shown until the image arrives (app/server/images/media.server.ts). */
  placeholder?: string
  /** How the image fills its box (its class's object-fit): the placeholder is laid out the same way. */
  fit?: 'contain' | 'cover'
  testId?: string
}

/** Once the photo is there, its placeholder goes (a photo with transparent parts must not show it through). */
function dropPlaceholderOnLoad(image: HTMLImageElement | null) {
  if (!image || !image.style.backgroundImage) return
  const drop = () => {
    image.style.backgroundImage = ''
  }
  if (image.complete && image.naturalWidth > 0) drop()
  else image.addEventListener('load', drop, { once: true })
}

/**
 * An image of the shop. An uploaded photo (`/media/<id>/<w>x<h>`) is written as `<picture>` with
 * its AVIF and WebP files at every width and `sizes`, so a phone fetches a file of its own width; its
 * size is read from its address, so the page keeps its room. Any other address is a plain `<img>`.
 */
export function Picture({ src, alt, width, height, sizes, className, loading, fetchPriority, placeholder, fit = 'cover', testId }: PictureProps) {
  const image = parseMediaImageUrl(src)
  if (!image) {
    return <img src={src} alt={alt} width={width} height={height} loading={loading} fetchPriority={fetchPriority} className={className} data-testid={testId} />
  }
  const style: CSSProperties | undefined = placeholder
    ? { backgroundImage: `url("${placeholder}")`, backgroundSize: fit, backgroundPosition: 'center', backgroundRepeat: 'no-repeat' }
    : undefined
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={mediaSrcset(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={mediaSrcset(image, 'webp')} sizes={sizes} />
      <img
        src={mediaFileUrl(image.id, mediaDefaultWidth(image.width), 'webp')}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
        style={style}
        ref={placeholder ? dropPlaceholderOnLoad : undefined}
        data-testid={testId}
      />
    </picture>
  )
}
