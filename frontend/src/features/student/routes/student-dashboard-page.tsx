import { NotificationBell } from '@/features/notifications'
import { useSubmitLink } from '@/features/tasks'
import { notify } from '@/lib/notify'
import { useStudentDashboard } from '../api/get-student-dashboard'
import { StudentDashboardView } from '../components/student-dashboard-view'

/** /student/dashboard and /dashboard for students. */
export function StudentDashboardPage() {
  const dashboard = useStudentDashboard()
  const submitLink = useSubmitLink({
    onSuccess: () => notify.success('Task submitted successfully!'),
    onError: () => notify.error('Failed to submit task'),
  })
  return (
    <StudentDashboardView
      data={dashboard.data}
      isError={dashboard.isError}
      bell={<NotificationBell role="student" />}
      onSubmitLink={(taskId, link) => submitLink.mutate({ taskId, link })}
      submitting={{ taskId: submitLink.variables?.taskId, isPending: submitLink.isPending, error: submitLink.error }}
    />
  )
}
