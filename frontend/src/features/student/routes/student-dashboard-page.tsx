import type { ReactNode } from 'react'
import { ConnectPayouts } from '@/components/payments/connect-payouts'
import { notify } from '@/lib/notify'
import { usePaymentsByTask } from '@/lib/payments/get-payments'
import { useSubmitLink } from '@/lib/tasks/submit-link'
import { useStudentDashboard } from '../api/get-student-dashboard'
import { StudentDashboardView } from '../components/student-dashboard-view'

/** /student/dashboard and /dashboard for students; the app hands it the notification bell. */
export function StudentDashboardPage({ bell }: { bell: ReactNode }) {
  const dashboard = useStudentDashboard()
  const payments = usePaymentsByTask(Boolean(dashboard.data?.recentlyCompleted.length))
  const submitLink = useSubmitLink({
    onSuccess: () => notify.success('Task submitted successfully!'),
    onError: () => notify.error('Failed to submit task'),
  })
  return (
    <StudentDashboardView
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
      onSubmitLink={(taskId, link) => submitLink.mutate({ taskId, link })}
      submitting={{ taskId: submitLink.variables?.taskId, isPending: submitLink.isPending, error: submitLink.error }}
      payments={payments}
      payouts={<ConnectPayouts />}
    />
  )
}
