import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { useEffect, useRef } from 'react'

export type LightboxImage = { src: string; alt: string }

type ImageLightboxProps = {
  images: LightboxImage[]
  /** The image shown; the lightbox is closed when null. */
  index: number | null
  onIndexChange: (index: number) => void
  onClose: () => void
}

/**
 * A full-screen viewer for a card's images (spec §2): previous, next, close, and "n / total".
 * Arrow keys move between images and Escape closes; focus goes to Close when it opens and back
 * to where it was when it closes.
 */
export function ImageLightbox({ images, index, onIndexChange, onClose }: ImageLightboxProps) {
  const closeRef = useRef<HTMLButtonElement>(null)
  const open = index !== null && images.length > 0
  const total = images.length

  useEffect(() => {
    if (!open) return
    const previousFocus = document.activeElement as HTMLElement | null
    closeRef.current?.focus()
    return () => previousFocus?.focus?.()
  }, [open])

  useEffect(() => {
    if (index === null) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
      else if (event.key === 'ArrowRight') onIndexChange((index + 1) % total)
      else if (event.key === 'ArrowLeft') onIndexChange((index - 1 + total) % total)
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [index, total, onClose, onIndexChange])

  if (!open) return null
  const image = images[index]!
  const navButton =
    'rounded-full bg-white/10 p-2 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40'
  return (
    // A click beside the image is the mouse's Escape (handled on the window above), not a control.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Image viewer"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-slate-950/90 p-4"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <button ref={closeRef} type="button" onClick={onClose} aria-label="Close" className={`${navButton} absolute right-4 top-4`}>
        <X className="size-6" aria-hidden="true" />
      </button>
      <img src={image.src} alt={image.alt} className="max-h-[80vh] max-w-full rounded-lg object-contain" />
      <div className="mt-4 flex items-center gap-4 text-white">
        <button
          type="button"
          onClick={() => onIndexChange((index - 1 + total) % total)}
          disabled={total < 2}
          aria-label="Previous image"
          className={navButton}
        >
          <ChevronLeft className="size-6" aria-hidden="true" />
        </button>
        <span aria-live="polite" className="text-sm tabular-nums">{`${index + 1} / ${total}`}</span>
        <button type="button" onClick={() => onIndexChange((index + 1) % total)} disabled={total < 2} aria-label="Next image" className={navButton}>
          <ChevronRight className="size-6" aria-hidden="true" />
        </button>
      </div>
    </div>
  )
}
