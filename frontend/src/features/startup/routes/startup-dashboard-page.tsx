import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/dashboard and /dashboard for startups. Placeholder until its issue builds the screen. */
export function StartupDashboardPage() {
  return <ComingSoon title="Startup dashboard" description="Submissions to review, recent tasks, quick actions and company stats." />
}
