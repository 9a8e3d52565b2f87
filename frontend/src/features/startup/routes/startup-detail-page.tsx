import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/:id. Placeholder until its issue builds the screen. */
export function StartupDetailPage() {
  return <ComingSoon title="Startup" description="A startup's details." />
}
