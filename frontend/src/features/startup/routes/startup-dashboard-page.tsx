import type { ReactNode } from 'react'
import { keptThroughRefreshes } from '@/components/ui/query-state'
import { usePaymentsBySubmission } from '@/lib/payments/get-payments'
import { useStartupDashboard } from '../api/get-startup-dashboard'
import { useReviewWithToasts } from '../api/review-submission'
import { StartupDashboardView } from '../components/startup-dashboard-view'
import { anyApproved } from '../lib/approved'

/** /startup/dashboard and /dashboard for startups; the app hands it the notification bell. */
export function StartupDashboardPage({ bell }: { bell: ReactNode }) {
  const dashboard = useStartupDashboard()
  const review = useReviewWithToasts()
  const payments = usePaymentsBySubmission(anyApproved(dashboard.data?.submissions ?? []))
  return (
    <StartupDashboardView
      dashboard={keptThroughRefreshes(dashboard)}
      bell={bell}
      onAction={(row, action) => review.act(row.task._id, row.student?._id ?? '', action)}
      busy={review.busy}
      busyAction={review.busyAction}
      payments={payments}
    />
  )
}
