import { ComingSoon } from '@/components/ui/coming-soon'

/** /admin/startups/:startupId/profile. Placeholder until its issue builds the screen. */
export function AdminStartupProfilePage() {
  return <ComingSoon title="Startup profile (read-only)" description="A startup's profile as the admin sees it." />
}
