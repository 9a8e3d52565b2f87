import { useEffect } from 'react'
import { Toaster, toast, type ToasterProps } from 'sonner'

/** Told sonner's `toast` once a Toaster shows what it is given, and null when it goes. */
export type ToasterReady = (show: typeof toast | null) => void

/**
 * sonner's Toaster, in a chunk of its own that the app loads after its first render
 * (src/lib/notify.tsx). Its effect runs after the Toaster's own, which subscribes to the toasts:
 * from then on a toast fired shows.
 */
export default function ReadyToaster({ onReady, ...props }: ToasterProps & { onReady: ToasterReady }) {
  useEffect(() => {
    onReady(toast)
    return () => onReady(null)
  }, [onReady])
  return <Toaster {...props} />
}
