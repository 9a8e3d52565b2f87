import { ComingSoon } from '@/components/ui/coming-soon'

/** /admin/startups/:startupId/tasks. Placeholder until its issue builds the screen. */
export function AdminStartupTasksPage() {
  return <ComingSoon title="Startup tasks (read-only)" description="A startup's posted tasks with their submissions." />
}
