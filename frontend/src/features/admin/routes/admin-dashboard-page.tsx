import { ComingSoon } from '@/components/ui/coming-soon'

/** /admin/dashboard and /dashboard for admins. Placeholder until its issue builds the screen. */
export function AdminDashboardPage() {
  return <ComingSoon title="Admin dashboard" description="Totals for students, startups and tasks, with read-only access to each." />
}
