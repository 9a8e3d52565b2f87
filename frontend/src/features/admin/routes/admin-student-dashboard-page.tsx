import { ComingSoon } from '@/components/ui/coming-soon'

/** /admin/students/:studentId. Placeholder until its issue builds the screen. */
export function AdminStudentDashboardPage() {
  return <ComingSoon title="Student dashboard (read-only)" description="A student's dashboard as the admin sees it." />
}
