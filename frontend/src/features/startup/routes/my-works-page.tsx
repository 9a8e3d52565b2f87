import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/tasks. Placeholder until its issue builds the screen. */
export function MyWorksPage() {
  return <ComingSoon title="My Works" description="All your posted work, by status." />
}
