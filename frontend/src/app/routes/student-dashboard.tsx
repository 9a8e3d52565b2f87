import { PendingInvitations } from '@/features/invitations/components/pending-invitations'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { StudentDashboardPage } from '@/features/student/routes/student-dashboard-page'

// The dashboards show the notifications feature's bell, and the student's the invitations
// feature's pending invitations; features do not import each other, so they meet here. A module
// of its own: the student's dashboard chunk (./dashboard.tsx).

export function StudentDashboard() {
  return <StudentDashboardPage bell={<NotificationBell role="student" />} invitations={<PendingInvitations />} />
}
