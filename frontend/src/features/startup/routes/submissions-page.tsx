import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/submissions. Placeholder until its issue builds the screen. */
export function SubmissionsPage() {
  return <ComingSoon title="Submissions" description="Review the work students submitted to your tasks." />
}
