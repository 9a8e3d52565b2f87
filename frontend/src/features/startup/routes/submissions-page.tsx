import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { inputClasses } from '@/components/ui/input'
import { Pagination } from '@/components/ui/pagination'
import { QueryState } from '@/components/ui/query-state'
import { cn } from '@/lib/cn'
import { usePaymentsBySubmission } from '@/lib/payments/get-payments'
import { useSubmissions } from '../api/get-submissions'
import { useReviewWithToasts } from '../api/review-submission'
import { SubmissionsReviewTable } from '../components/submissions-review-table'
import { anyApproved } from '../lib/approved'

const STATUSES = ['pending', 'under-review', 'changes_requested', 'approved', 'rejected', 'closed']

/** /startup/submissions: every submission to the startup's tasks, newest first, 12 a page. */
export function SubmissionsPage() {
  const [params, setParams] = useSearchParams()
  const status = STATUSES.find((s) => s === params.get('status')) ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const submissions = useSubmissions({ status: status || undefined, page })
  const review = useReviewWithToasts()
  const payments = usePaymentsBySubmission(anyApproved(submissions.data?.items ?? []))
  const filterId = useId()
  const set = (nextStatus: string, nextPage: number) => {
    const out = new URLSearchParams()
    if (nextStatus) out.set('status', nextStatus)
    if (nextPage > 1) out.set('page', String(nextPage))
    setParams(out)
  }

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <title>Submissions · Bridgework</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Submissions</h1>
        <div className="space-y-1.5">
          <label htmlFor={filterId} className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select id={filterId} value={status} onChange={(e) => set(e.target.value, 1)} className={cn(inputClasses, 'border-slate-300')}>
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="under-review">Under Review</option>
            <option value="changes_requested">Changes requested</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="closed">Closed</option>
          </select>
        </div>
      </div>
      <QueryState
        query={submissions}
        loadingLabel="Loading submissions"
        error="Failed to fetch works"
        isEmpty={(page) => page.items.length === 0}
        empty="No submissions yet."
      >
        {(page) => (
          <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
            <SubmissionsReviewTable
              rows={page.items}
              onAction={(row, action) => review.act(row.task._id, row.student?._id ?? '', action)}
              busy={review.busy}
              busyAction={review.busyAction}
              payments={payments}
            />
            <Pagination paged={page} onPageChange={(p) => set(status, p)} label="Submissions pages" />
          </div>
        )}
      </QueryState>
    </div>
  )
}
