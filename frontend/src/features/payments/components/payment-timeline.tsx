import type { Payment } from '@/lib/payments/types'
import { paymentStatusLabel } from '@/lib/payments/words'
import { formatDateTime } from '@/lib/tasks/status'

/** A payment's steps, oldest first, each with its time and the note it carried. */
export function PaymentTimeline({ payment, label }: { payment: Payment; label: string }) {
  if (payment.events.length === 0) return null
  return (
    <ol aria-label={label} className="space-y-2 border-l-2 border-slate-200 pl-4">
      {payment.events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="relative text-sm">
          <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-indigo-500" aria-hidden="true" />
          <span className="font-medium text-slate-800">{paymentStatusLabel(event.status)}</span>
          <span className="text-slate-500"> · {formatDateTime(event.at)}</span>
          {event.note && (
            <blockquote className="mt-1 whitespace-pre-line break-words rounded-lg bg-slate-50 p-2 text-slate-700">{event.note}</blockquote>
          )}
        </li>
      ))}
    </ol>
  )
}
