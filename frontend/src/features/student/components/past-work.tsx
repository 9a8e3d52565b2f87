import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { formatDate, personName } from '@/lib/tasks/status'
import type { Task } from '@/types/tasks'

/**
 * Work a startup decided on (approved or rejected) or that closed when the task was filled: what
 * it was, who decided, the status, and the startup's note when it left one.
 */
export function PastWork({ tasks }: { tasks: Task[] }) {
  if (tasks.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">No past work yet</p>
  return (
    <ul className="space-y-3">
      {tasks.map((task) => {
        const mine = task.submissions[0]
        return (
          <li key={task._id} aria-label={task.title} className="space-y-2 rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="min-w-0 break-words font-semibold text-slate-900">{task.title}</h3>
              <TaskStatusBadge status={mine?.status ?? ''} forStudent />
            </div>
            <p className="text-xs text-slate-500">
              {personName(task.startup)} · Submitted {formatDate(mine?.submittedAt)}
            </p>
            {mine?.reviewNotes ? (
              <blockquote className="whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                <span className="block text-xs font-medium text-slate-500">Note from {personName(task.startup)}</span>
                {mine.reviewNotes}
              </blockquote>
            ) : (
              <p className="text-sm text-slate-500">No note from the startup.</p>
            )}
          </li>
        )
      })}
    </ul>
  )
}
