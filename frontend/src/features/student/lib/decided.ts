import type { Task } from '@/types/tasks'

/** Submission statuses a startup's decision (or the task's closing) leaves for good. */
const DECIDED = new Set(['approved', 'rejected', 'closed'])

/** Work a decision ended: it no longer belongs under Active Tasks. */
export function isDecided(status: string | undefined): boolean {
  return DECIDED.has(status ?? '')
}

/** How many decided tasks Past work lists. */
export const PAST_WORK_SHOWN = 5

/**
 * The student's decided work (approved, rejected, or closed when the task was filled), in the
 * dashboard's order of their tasks (newest first).
 */
export function pastWorkOf(tasks: Task[]): Task[] {
  return tasks.filter((task) => isDecided(task.submissions[0]?.status)).slice(0, PAST_WORK_SHOWN)
}
