import { Spinner } from '@/components/ui/spinner'
import { useLiveStore } from './live-store'

/** Shown while the live connection is being rebuilt; live updates resume (and catch up) after. */
export function ConnectionBanner() {
  const status = useLiveStore((state) => state.status)
  const reconnecting = status === 'reconnecting'
  return (
    // data-realtime-status lets browser journeys wait for the live connection.
    <div aria-live="polite" data-realtime-status={status} className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {reconnecting && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-full bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900 shadow ring-1 ring-amber-300"
        >
          <Spinner size="sm" decorative />
          Reconnecting…
        </p>
      )}
    </div>
  )
}
