import { ComingSoon } from '@/components/ui/coming-soon'

/** /admin/startups/:startupId. Placeholder until its issue builds the screen. */
export function AdminStartupDashboardPage() {
  return <ComingSoon title="Startup dashboard (read-only)" description="A startup's dashboard as the admin sees it." />
}
