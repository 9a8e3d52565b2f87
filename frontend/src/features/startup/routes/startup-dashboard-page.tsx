import type { ReactNode } from 'react'
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
      // A refresh that fails keeps the dashboard on screen: only a first load's failure shows.
      dashboard={{
        data: dashboard.data,
        isPending: dashboard.isPending,
        isError: dashboard.isLoadingError,
        error: dashboard.error,
        refetch: dashboard.refetch,
        isRefetching: dashboard.isRefetching,
      }}
      bell={bell}
      onAction={(row, action) => review.act(row.task._id, row.student?._id ?? '', action)}
      busy={review.busy}
      busyAction={review.busyAction}
      payments={payments}
    />
  )
}
