import { ComingSoon } from '@/components/ui/coming-soon'

/** /admin/students/:studentId/tasks. Placeholder until its issue builds the screen. */
export function AdminStudentTasksPage() {
  return <ComingSoon title="Student tasks (read-only)" description="A student's active, assigned and available tasks." />
}
