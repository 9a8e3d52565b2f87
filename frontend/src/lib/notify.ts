import { toast } from 'sonner'
import { TOAST_SUCCESS_DURATION_MS } from '@/config/toast'

/** A button in a toast, e.g. "View" going to what the toast is about. */
export type ToastAction = { label: string; onClick: () => void }

/** Toasts with the spec's timings (§9): success 2000 ms, everything else the Toaster's 4000 ms. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_SUCCESS_DURATION_MS }),
  error: (message: string) => toast.error(message),
  /** An info toast; `description` is a second line under the message (e.g. a startup's note). */
  info: (message: string, options: { action?: ToastAction; description?: string } = {}) =>
    toast(message, options.action || options.description ? { action: options.action, description: options.description } : undefined),
}
