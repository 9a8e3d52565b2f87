import { cn } from '@/lib/cn'
import { usePaymentProvider } from '@/lib/payments/get-provider'
import { fundingWords, payTermsWords } from '@/lib/payments/words'
import { isPaid } from '@/lib/tasks/pay'
import type { Task } from '@/types/tasks'

type PayTermsProps = {
  task: Pick<Task, 'budget' | 'currency' | 'seats' | 'seatsFilled' | 'funding'>
  className?: string
}

/**
 * What a task pays, before the work, in words: the pay for each approved student, its paid
 * places left, and who holds the money ("Funds held by Bridgework", "Paid by the startup
 * directly"); "Unpaid — certificate only" for a budget of 0.
 */
export function PayTerms({ task, className }: PayTermsProps) {
  const { stripe } = usePaymentProvider()
  return (
    <span className={cn('inline-flex flex-wrap gap-x-1', className)}>
      <span>{payTermsWords(task)}</span>
      {isPaid(task.budget) && (
        <>
          {' '}
          <span className="font-normal text-slate-500">· {fundingWords(task, stripe)}</span>
        </>
      )}
    </span>
  )
}
