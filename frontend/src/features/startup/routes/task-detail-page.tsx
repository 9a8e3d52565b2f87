import { Link, useParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useStartupTask } from '../api/get-task'
import { useReviewWithToasts } from '../api/review-submission'
import { TaskDetailView } from '../components/task-detail-view'

/** /startup/tasks/:id: the owner's view of one task; another startup's is not found. */
export function TaskDetailPage() {
  const id = useParams().id ?? ''
  const task = useStartupTask(id)
  const review = useReviewWithToasts()
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="sr-only">Task details</h1>
      {task.isPending ? (
        <div className="flex justify-center py-16 text-indigo-600">
          <Spinner size="lg" label="Loading the task" />
        </div>
      ) : task.isError ? (
        <div className="space-y-4">
          <Alert tone="error">{isApiError(task.error) && task.error.status === 404 ? 'Task not found.' : 'Failed to fetch works'}</Alert>
          <Link to={paths.startup.tasks} className="text-sm font-medium text-indigo-700 hover:underline">
            Back to My Works
          </Link>
        </div>
      ) : (
        <TaskDetailView task={task.data} onAction={review.act} busy={review.busy} busyAction={review.busyAction} />
      )}
    </div>
  )
}
