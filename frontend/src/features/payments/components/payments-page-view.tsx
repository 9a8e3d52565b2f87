import type { ReactNode } from 'react'
import { Pagination } from '@/components/ui/pagination'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import type { Paged } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import type { Payment, PaymentStatus } from '@/lib/payments/types'
import type { PaymentSide } from '@/lib/payments/words'
import type { PaymentStepHandler, StepBusy } from '../lib/use-payment-steps'
import { PaymentCard } from './payment-card'

/** A tab of the page: every payment, or those in one status. */
export type PaymentsTab = 'all' | PaymentStatus

/** Offline, payments move due → sent → received, or disputed; through Stripe, Bridgework moves them. */
export const OFFLINE_TABS: PaymentsTab[] = ['all', 'due', 'sent', 'received', 'disputed']
export const STRIPE_TABS: PaymentsTab[] = ['all', 'awaiting_student', 'held', 'transferred', 'failed']

const tabLabels: Record<PaymentsTab, string> = {
  all: 'All',
  due: 'Due',
  sent: 'Sent',
  received: 'Received',
  disputed: 'Disputed',
  awaiting_student: 'Awaiting payout account',
  held: 'Held',
  transferred: 'Paid out',
  failed: 'Failed',
}

export type PaymentsPageViewProps = {
  side: PaymentSide
  /** The deployment pays through Stripe (GET /api/payments/provider). */
  stripe: boolean
  tab: PaymentsTab
  onTabChange: (tab: PaymentsTab) => void
  payments: QueryStatus<Paged<Payment>>
  /** How many payments each tab holds, where known. */
  counts: Partial<Record<PaymentsTab, number>>
  onPageChange: (page: number) => void
  onStep: PaymentStepHandler
  onDownloadReceipt: (payment: Payment) => void
  busy?: StepBusy
  /** The student's payout account (Stripe mode), above the list. */
  payouts?: ReactNode
}

const intro = {
  offline: {
    student: 'Startups pay you directly. When they mark a payment sent, confirm it once it arrives, or say it has not.',
    startup: 'You pay students directly. Mark each payment as sent with its reference; the student confirms it arrived.',
  },
  stripe: {
    student: 'Bridgework holds the pay of funded tasks and pays it out to your account when your work is approved.',
    startup: 'Bridgework holds what you funded and pays each approved student out of it.',
  },
}

/** /payments: what is due, sent, received or disputed, by tab with counts, each with its steps. */
export function PaymentsPageView(props: PaymentsPageViewProps) {
  const { side, stripe, tab, onTabChange, payments, counts, onPageChange, payouts } = props
  const tabs = stripe ? STRIPE_TABS : OFFLINE_TABS
  const label = tabLabels[tab]
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <title>Payments · Bridgework</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payments</h1>
        <p className="mt-1 text-slate-600">{intro[stripe ? 'stripe' : 'offline'][side]}</p>
      </div>
      {payouts}
      <div role="tablist" aria-label="Payments by status" className="flex flex-wrap gap-2">
        {tabs.map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => onTabChange(t)}
            className={cn(
              'rounded-full px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              tab === t ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {tabLabels[t]}
            {counts[t] !== undefined && ` (${counts[t]})`}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={label}>
        <QueryState
          query={payments}
          loadingLabel="Loading payments"
          error="Failed to fetch payments"
          isEmpty={(page) => page.items.length === 0}
          empty={
            tab === 'all' ? (
              <>
                <p className="font-medium text-slate-700">No payments yet</p>
                <p className="text-sm">
                  {side === 'student'
                    ? 'When a startup approves your paid work, its payment shows here.'
                    : 'When you approve paid work, what you owe the student shows here.'}
                </p>
              </>
            ) : (
              <p>No payments here: none is {label.toLowerCase()}.</p>
            )
          }
        >
          {(page) => (
            <div className="space-y-4">
              <ul className="space-y-4">
                {page.items.map((payment) => (
                  <li key={payment._id}>
                    <PaymentCard payment={payment} side={side} onStep={props.onStep} onDownloadReceipt={props.onDownloadReceipt} busy={props.busy} />
                  </li>
                ))}
              </ul>
              <Pagination paged={page} onPageChange={onPageChange} label="Payments pages" />
            </div>
          )}
        </QueryState>
      </div>
    </div>
  )
}
