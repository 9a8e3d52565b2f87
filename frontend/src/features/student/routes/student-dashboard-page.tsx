import type { ReactNode } from 'react'
import { ConnectPayouts } from '@/components/payments/connect-payouts'
import { keptThroughRefreshes } from '@/components/ui/query-state'
import { notify } from '@/lib/notify'
import { usePaymentsByTask } from '@/lib/payments/get-payments'
import { useSubmitLink } from '@/lib/tasks/submit-link'
import { useRecommended } from '../api/get-recommended'
import { useStudentDashboard } from '../api/get-student-dashboard'
import { StudentDashboardView } from '../components/student-dashboard-view'

/**
 * /student/dashboard and /dashboard for students; the app hands it the notification bell and the
 * pending invitations.
 */
export function StudentDashboardPage({ bell, invitations }: { bell: ReactNode; invitations: ReactNode }) {
  const dashboard = useStudentDashboard()
  const recommended = useRecommended()
  const payments = usePaymentsByTask(Boolean(dashboard.data?.recentlyCompleted.length))
  const submitLink = useSubmitLink({
    onSuccess: () => notify.success('Task submitted successfully!'),
    onError: () => notify.error('Failed to submit task'),
  })
  return (
    <StudentDashboardView
      dashboard={keptThroughRefreshes(dashboard)}
      bell={bell}
      onSubmitLink={(taskId, link) => submitLink.mutate({ taskId, link })}
      submitting={{ taskId: submitLink.variables?.taskId, isPending: submitLink.isPending, error: submitLink.error }}
      payments={payments}
      payouts={<ConnectPayouts />}
      invitations={invitations}
      recommended={recommended.data}
    />
  )
}
