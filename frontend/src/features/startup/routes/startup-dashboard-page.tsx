import { NotificationBell } from '@/features/notifications'
import { useStartupDashboard } from '../api/get-startup-dashboard'
import { useReviewWithToasts } from '../api/review-submission'
import { StartupDashboardView } from '../components/startup-dashboard-view'

/** /startup/dashboard and /dashboard for startups. */
export function StartupDashboardPage() {
  const dashboard = useStartupDashboard()
  const review = useReviewWithToasts()
  return (
    <StartupDashboardView
      data={dashboard.data}
      isError={dashboard.isError}
      bell={<NotificationBell role="startup" />}
      onAction={(row, action) => review.act(row.task._id, row.student?._id ?? '', action)}
      busy={review.busy}
      busyAction={review.busyAction}
    />
  )
}
