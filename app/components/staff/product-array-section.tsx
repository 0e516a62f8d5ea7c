import { useState } from 'react'
import { FieldError } from '../ui/field-error'
import { ARRAYS, capitalise, descriptionSlot, inputId, type ArrayField, type EditorItem, type Part } from './product-form-spec'
import { Button } from '../ui/button'
import { Arrow, FormTextField } from './product-form-inputs'
import { ImageDropZone, ImageUpload } from './product-image-upload'
import { StripeFetchPanel, type TypedPrice } from './stripe-fetch-panel'

export interface ArrayEditing {
  setPart: (field: ArrayField, index: number, part: Part, text: string) => void
  addItem: (field: ArrayField) => void
  removeItem: (field: ArrayField, index: number) => void
  moveItem: (field: ArrayField, index: number, to: number) => void
  /** Images uploaded from the drop zone: one new item each, at the end. */
  addImages: (images: { url: string; alt: string }[]) => void
  replacePrices: (prices: TypedPrice[]) => void
}

/**
 * One array of the product (images, descriptions, prices, …): its items with their inputs, moved
 * with buttons (and images also by dragging), removed, added. Images get a drop zone for photos and
 * each item an upload of its own; prices the panel that reads them from Stripe.
 */
export function ProductArraySection({
  field,
  items,
  stupid,
  errorFor,
  editing,
}: {
  field: ArrayField
  items: EditorItem[]
  stupid: string
  errorFor: (path: string) => string | undefined
  editing: ArrayEditing
}) {
  const spec = ARRAYS[field]
  const images = field === 'productImages'
  // The image being dragged to a new place, and the place it is over.
  const [dragged, setDragged] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const dropAt = (index: number) => {
    if (dragged !== null && dragged !== index) editing.moveItem(field, dragged, index)
    setDragged(null)
    setOver(null)
  }
  return (
    <section aria-labelledby={`${field}-heading`} className="border-t border-slate-200 pt-8">
      <h2 id={`${field}-heading`} className="text-xl font-semibold">
        {spec.title} <span className="text-base font-normal text-slate-500">({items.length})</span>
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{spec.intro}</p>
      {field === 'productPrices' ? <StripeFetchPanel stupid={stupid} prices={items} onAccept={editing.replacePrices} /> : null}
      {images ? <ImageDropZone onUploaded={editing.addImages} /> : null}
      <FieldError id={`${field}-error`} message={errorFor(field)} />
      {items.length > 0 ? (
        <ol className="mt-4 space-y-4">
          {items.map((item, index) => {
            const number = index + 1
            const name = `${spec.noun} ${number}`
            return (
              <li
                key={item.key}
                data-testid={images ? 'image-item' : undefined}
                draggable={images ? true : undefined}
                onDragStart={
                  images
                    ? (event) => {
                        // Only the item itself is dragged, not text selected in its inputs.
                        if ((event.target as HTMLElement).closest('input, textarea')) return event.preventDefault()
                        event.dataTransfer.effectAllowed = 'move'
                        setDragged(index)
                      }
                    : undefined
                }
                onDragOver={
                  images && dragged !== null
                    ? (event) => {
                        event.preventDefault()
                        setOver(index)
                      }
                    : undefined
                }
                onDragEnd={
                  images
                    ? () => {
                        setDragged(null)
                        setOver(null)
                      }
                    : undefined
                }
                onDrop={
                  images && dragged !== null
                    ? (event) => {
                        event.preventDefault()
                        dropAt(index)
                      }
                    : undefined
                }
                className={over === index && dragged !== index ? 'rounded-xl ring-2 ring-brand-600' : undefined}
              >
                <fieldset className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
                  <legend className="sr-only">{capitalise(name)}</legend>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-semibold text-slate-700">
                      {images ? (
                        <span aria-hidden="true" className="mr-2 cursor-grab text-slate-400" title="Drag to reorder">
                          ⠿
                        </span>
                      ) : null}
                      <span aria-hidden="true">{capitalise(name)}</span>
                      {field === 'productDescriptions' ? <span className="ml-2 font-normal text-slate-500">{descriptionSlot(index)}</span> : null}
                      {images && index === 0 ? <span className="ml-2 font-normal text-slate-500">Shown on category cards</span> : null}
                    </p>
                    <div className="flex gap-2">
                      <Button
                        type="button"
                        id={`${field}-${index}-up`}
                        variant="secondary"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => editing.moveItem(field, index, index - 1)}
                      >
                        <Arrow direction="up" />
                        <span className="sr-only">Move {name} up</span>
                      </Button>
                      <Button
                        type="button"
                        id={`${field}-${index}-down`}
                        variant="secondary"
                        size="sm"
                        disabled={index === items.length - 1}
                        onClick={() => editing.moveItem(field, index, index + 1)}
                      >
                        <Arrow direction="down" />
                        <span className="sr-only">Move {name} down</span>
                      </Button>
                      <Button type="button" id={`${field}-${index}-remove`} variant="secondary" size="sm" onClick={() => editing.removeItem(field, index)}>
                        Remove<span className="sr-only"> {name}</span>
                      </Button>
                    </div>
                  </div>
                  <div className={`mt-3 grid gap-4 ${images ? 'sm:grid-cols-[1fr_auto]' : ''}`}>
                    <div className="grid content-start gap-4 sm:grid-cols-2">
                      {spec.parts.map(([part, partSpec]) => {
                        const path = `${field}.${index}.${part}`
                        return (
                          <FormTextField
                            key={part}
                            id={inputId(path)}
                            label={partSpec.label}
                            rows={partSpec.rows}
                            placeholder={partSpec.placeholder}
                            inputMode={partSpec.inputMode}
                            wide={partSpec.rows !== undefined}
                            value={item[part]}
                            error={errorFor(path)}
                            onChange={(text) => editing.setPart(field, index, part, text)}
                          />
                        )
                      })}
                    </div>
                    {images ? (
                      <ImageUpload
                        id={`${field}-${index}-file`}
                        number={number}
                        preview={item.value}
                        onUploaded={(url) => editing.setPart(field, index, 'value', url)}
                      />
                    ) : null}
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
      ) : null}
      <Button type="button" id={`${field}-add`} onClick={() => editing.addItem(field)} variant="secondary" size="sm" className="mt-4 gap-1.5">
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
          <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        Add {spec.noun}
      </Button>
    </section>
  )
}
