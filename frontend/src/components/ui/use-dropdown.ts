import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The open state of a dropdown beside its button, with the ways out every dropdown here shares:
 * a press outside `rootRef` closes it, and Escape closes it and puts focus back on `buttonRef`.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  /** Closes it; `returnFocus` puts focus back on the button (after Escape, not after a click elsewhere). */
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true)
    }
    const onMouseDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('mousedown', onMouseDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('mousedown', onMouseDown)
    }
  }, [open, close])

  return { open, setOpen, close, rootRef, buttonRef }
}
