import { CreditCard } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { usePaymentProvider } from '@/lib/payments/get-provider'
import { formatAmount, isPaid } from '@/lib/tasks/pay'
import type { Task } from '@/types/tasks'
import { useFundTask } from '../api/fund-task'
import { payRange } from '../lib/pay-range'

/**
 * Stripe mode only, on a paid task not yet funded: Fund this task, which goes to Stripe
 * Checkout for every paid place's pay; Bridgework holds it until work is approved.
 */
export function FundTask({ task }: { task: Pick<Task, '_id' | 'title' | 'budget' | 'currency' | 'seats' | 'funding'> }) {
  const { stripe } = usePaymentProvider()
  const fund = useFundTask({ onError: (error) => notify.error(errorMessage(error, 'Failed to open Stripe')) })
  if (!stripe || !isPaid(task.budget) || task.funding.status !== 'unfunded') return null
  const total = formatAmount(payRange(task).hi * task.seats, task.currency)
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p>Fund {total} up front: Bridgework holds it and pays each approved student.</p>
      <Button
        size="sm"
        isLoading={fund.isPending}
        loadingText="Opening Stripe..."
        onClick={() => fund.mutate(task._id)}
        aria-label={`Fund ${task.title}`}
      >
        <CreditCard className="size-4" aria-hidden="true" />
        Fund this task
      </Button>
    </div>
  )
}
