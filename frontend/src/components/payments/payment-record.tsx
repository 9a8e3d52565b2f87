import { Banknote } from 'lucide-react'
import { cn } from '@/lib/cn'
import type { PaymentRecord } from '@/lib/payments/types'
import { paymentRecordWords } from '@/lib/payments/words'

/**
 * A startup's payment record as Bridgework keeps it, which the startup cannot edit: what its
 * students were paid and how fast, and what is disputed. Nothing for a person without one.
 */
export function PaymentRecordLine({ record, className }: { record: PaymentRecord | undefined; className?: string }) {
  if (!record) return null
  return (
    <p className={cn('flex items-center gap-1.5 text-sm', record.disputed > 0 ? 'text-amber-800' : 'text-slate-600', className)}>
      <Banknote className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="sr-only">Payment record: </span>
        {paymentRecordWords(record)}
      </span>
    </p>
  )
}
