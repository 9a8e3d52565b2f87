import { lazy, Suspense } from 'react'
import type { toast as sonnerToast, ToasterProps } from 'sonner'
import { TOAST_SUCCESS_DURATION_MS } from '@/config/toast'
import type { ToasterReady } from './toaster'

// sonner (~9 KB gzip) is not needed for the first paint: toasts follow an action or a live event.
// Its chunk is asked for as the app first renders. A toast fired before then waits below.
const LoadedToaster = lazy(() => import('./toaster'))

type Show = (toast: typeof sonnerToast) => void

/** sonner's `toast` while a Toaster is mounted. */
let mountedToast: typeof sonnerToast | null = null
/**
 * Toasts fired while no Toaster is mounted (before its chunk is in), oldest first. They wait for
 * the mount, not only for sonner's chunk: a Toaster sees what was fired before it subscribed only
 * because this version of sonner replays its active toasts to a new subscriber, and a toast must
 * not hang on that.
 */
const waiting: Show[] = []

const onReady: ToasterReady = (toast) => {
  mountedToast = toast
  if (toast) for (const fire of waiting.splice(0)) fire(toast)
}

function show(fire: Show) {
  if (mountedToast) fire(mountedToast)
  else waiting.push(fire)
}

/** Where toasts show: sonner's Toaster with these props, loaded after the app's first render. */
export function Toaster(props: ToasterProps) {
  return (
    <Suspense fallback={null}>
      <LoadedToaster {...props} onReady={onReady} />
    </Suspense>
  )
}

/** A button in a toast, e.g. "View" going to what the toast is about. */
export type ToastAction = { label: string; onClick: () => void }

/**
 * Toasts with the spec's timings (§9): success 2000 ms, everything else the Toaster's 4000 ms.
 * Fired before the Toaster has loaded, they show once it has, in the order they were fired. An
 * `id` keeps a toast single: firing it again updates it (e.g. an effect run twice in StrictMode).
 */
export const notify = {
  success: (message: string) => show((toast) => toast.success(message, { duration: TOAST_SUCCESS_DURATION_MS })),
  /** An error toast; `description` is a second line under the message. */
  error: (message: string, options?: { id?: string; description?: string }) => show((toast) => toast.error(message, options)),
  /** An info toast; `description` is a second line under the message (e.g. a startup's note). */
  info: (message: string, options: { action?: ToastAction; description?: string } = {}) =>
    show((toast) => toast(message, options.action || options.description ? { action: options.action, description: options.description } : undefined)),
  /** A notice about this tab's session or connection, in sonner's info style (an icon, blue). */
  notice: (message: string, options: { id: string }) => show((toast) => toast.info(message, options)),
}

/** Forgets the toasts waiting for a Toaster: a test ends with this, as it dismisses those shown. */
export function dropWaitingToasts() {
  waiting.length = 0
}
