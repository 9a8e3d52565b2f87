import { useEffect, useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

type DialogProps = {
  title: string
  /** One line under the title, read with it. */
  description?: ReactNode
  onClose: () => void
  children: ReactNode
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The containers that name what a control is about: a list item, a card, a section. */
const containers = 'li, article, section, [role="region"], [role="tabpanel"], main'

/**
 * Gives the focus back to the control that opened the dialog; when the dialog's decision removed
 * that control (Approve on work now approved), to the nearest of its containers still shown, so
 * the keyboard carries on from the same place rather than from the top of the page.
 */
function returnFocus(opener: HTMLElement | null, around: HTMLElement[]) {
  if (opener?.isConnected) return opener.focus()
  const container = around.find((c) => c.isConnected)
  if (!container) return
  if (!container.hasAttribute('tabindex')) container.tabIndex = -1
  container.focus()
}

/**
 * A modal dialog, shown while rendered: focus goes to its first field (or button) and stays
 * inside while Tab moves; Escape or a click outside closes it; focus returns where it was.
 */
export function Dialog({ title, description, onClose, children }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null
    const around: HTMLElement[] = []
    for (let c = previousFocus?.closest<HTMLElement>(containers); c; c = c.parentElement?.closest<HTMLElement>(containers)) around.push(c)
    const panel = panelRef.current!
    const first = panel.querySelector<HTMLElement>('textarea, input, select') ?? panel.querySelector<HTMLElement>(focusable)
    first?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        closeRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = [...panel.querySelectorAll<HTMLElement>(focusable)]
      if (items.length === 0) return
      const [head, tail] = [items[0]!, items[items.length - 1]!]
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault()
        tail.focus()
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault()
        head.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      returnFocus(previousFocus, around)
    }
  }, [])

  return createPortal(
    // The backdrop's click is the mouse's Escape (handled on the document above), not a control.
    <div
      role="presentation"
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/50 p-2 sm:items-center sm:p-4"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className="max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </p>
        )}
        <div className="mt-4">{children}</div>
      </div>
    </div>,
    document.body,
  )
}
