import { useSearchParams } from 'react-router'
import { usePaymentsBySubmission } from '@/lib/payments/get-payments'
import { useStartupTasks } from '@/lib/tasks/get-startup-tasks'
import { useStartupTaskCounts } from '../api/get-startup-task-counts'
import { useReviewWithToasts } from '../api/review-submission'
import { MyWorksView, type WorksTab } from '../components/my-works-view'
import { anyApproved } from '../lib/approved'

const TABS: WorksTab[] = ['all', 'open', 'under-review', 'completed', 'closed']

/** /startup/tasks: the startup's works by tab, paged on the server; the tab is in the URL. */
export function MyWorksPage() {
  const [params, setParams] = useSearchParams()
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'all'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const works = useStartupTasks({ status: tab === 'all' ? undefined : tab, page })
  const counts = useStartupTaskCounts()
  const review = useReviewWithToasts()
  const payments = usePaymentsBySubmission(anyApproved((works.data?.items ?? []).flatMap((task) => task.submissions)))
  const set = (nextTab: WorksTab, nextPage: number) => {
    const out = new URLSearchParams()
    if (nextTab !== 'all') out.set('tab', nextTab)
    if (nextPage > 1) out.set('page', String(nextPage))
    setParams(out)
  }
  return (
    <MyWorksView
      tab={tab}
      onTabChange={(t) => set(t, 1)}
      works={works}
      counts={counts.data}
      onPageChange={(p) => set(tab, p)}
      onAction={review.act}
      busy={review.busy}
      busyAction={review.busyAction}
      payments={payments}
    />
  )
}
