import { ComingSoon } from '@/components/ui/coming-soon'

/** /tasks (open to everyone). Placeholder until its issue builds the screen. */
export function TasksPage() {
  return <ComingSoon title="Tasks" description="Search and filter tasks posted by startups." />
}
