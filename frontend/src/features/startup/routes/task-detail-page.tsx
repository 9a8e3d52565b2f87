import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/tasks/:id. Placeholder until its issue builds the screen. */
export function TaskDetailPage() {
  return <ComingSoon title="Task details" description="One posted task with its submissions." />
}
