import { toast } from 'sonner'
import { TOAST_SUCCESS_DURATION_MS } from '@/config/toast'

/** A button in a toast, e.g. "View" going to what the toast is about. */
export type ToastAction = { label: string; onClick: () => void }

/** Toasts with the spec's timings (§9): success 2000 ms, everything else the Toaster's 4000 ms. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_SUCCESS_DURATION_MS }),
  error: (message: string) => toast.error(message),
  info: (message: string, options: { action?: ToastAction } = {}) => toast(message, options.action ? { action: options.action } : undefined),
}
