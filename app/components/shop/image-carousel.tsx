import { useState } from 'react'
import type { ProductItem } from '../../lib/catalog'
import { Picture } from './picture'
import { Button } from '../ui/button'

/** The main image with previous / next buttons and a row of thumbnails that pick the image. */
export function ImageCarousel({
  images,
  productName,
  placeholders = {},
}: {
  images: ProductItem[]
  productName: string
  placeholders?: Record<string, string>
}) {
  const [current, setCurrent] = useState(0)
  const image = images[current]
  if (!image) return <div className="aspect-square w-full rounded-2xl bg-slate-100" />
  const count = images.length
  const show = (index: number) => setCurrent((index + count) % count)

  return (
    <section aria-roledescription="carousel" aria-label={`Images of ${productName}`}>
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
        <Picture
          src={image.value}
          alt={image.label}
          width={800}
          height={800}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 48vw, 100vw"
          fetchPriority="high"
          placeholder={placeholders[image.value]}
          fit="contain"
          className="aspect-square w-full object-contain"
          testId="main-image"
        />
        {count > 1 ? (
          <>
            <CarouselButton label="Previous image" onClick={() => show(current - 1)} side="left" />
            <CarouselButton label="Next image" onClick={() => show(current + 1)} side="right" />
            <p className="sr-only" aria-live="polite">
              Image {current + 1} of {count}: {image.label}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-4 grid grid-cols-4 gap-3">
          {images.map((thumb, index) => (
            <li key={`${thumb.value}-${index}`}>
              <Button
                variant="thumbnail"
                className="w-full"
                onClick={() => show(index)}
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-pressed={index === current}
              >
                <Picture
                  src={thumb.value}
                  alt=""
                  width={160}
                  height={160}
                  sizes="(min-width: 1024px) 140px, 25vw"
                  loading="lazy"
                  className="aspect-square w-full object-contain"
                />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function CarouselButton({ label, onClick, side }: { label: string; onClick: () => void; side: 'left' | 'right' }) {
  return (
    <Button
      variant="overlay"
      size="icon"
      onClick={onClick}
      aria-label={label}
      className={`absolute top-1/2 ${side === 'left' ? 'left-3' : 'right-3'} -translate-y-1/2`}
    >
      <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
        <path d={side === 'left' ? 'M12 4l-6 6 6 6' : 'M8 4l6 6-6 6'} fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </Button>
  )
}
