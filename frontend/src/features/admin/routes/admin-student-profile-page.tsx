import { ComingSoon } from '@/components/ui/coming-soon'

/** /admin/students/:studentId/profile. Placeholder until its issue builds the screen. */
export function AdminStudentProfilePage() {
  return <ComingSoon title="Student profile (read-only)" description="A student's profile as the admin sees it." />
}
