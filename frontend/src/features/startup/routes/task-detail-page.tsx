import { Link, useNavigate, useParams } from 'react-router'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { usePaymentsBySubmission } from '@/lib/payments/get-payments'
import { useStripeReturn } from '@/lib/payments/stripe-return'
import type { Task } from '@/types/tasks'
import { useStartupTask } from '../api/get-task'
import { useReviewWithToasts } from '../api/review-submission'
import { MatchedStudentsPanel } from '../components/matched-students-panel'
import { hasEnded } from '../components/task-controls'
import { TaskDetailView } from '../components/task-detail-view'
import { anyApproved } from '../lib/approved'

/** Whether the task can still take an invited student: running, and not assigned to one. */
const takesInvitations = (task: Task) => !hasEnded(task) && !task.assignedStudent

/** /startup/tasks/:id: the owner's view of one task; another startup's is not found. */
export function TaskDetailPage() {
  const id = useParams().id ?? ''
  const navigate = useNavigate()
  useStripeReturn('funding') // back from Stripe Checkout (Fund this task)
  const task = useStartupTask(id)
  const review = useReviewWithToasts()
  const payments = usePaymentsBySubmission(anyApproved(task.data?.submissions ?? []))
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="sr-only">Task details</h1>
      <QueryState
        query={task}
        loadingLabel="Loading the task"
        error={isApiError(task.error) && task.error.status === 404 ? 'Task not found.' : 'Failed to fetch works'}
      >
        {(data) => (
          <TaskDetailView
            task={data}
            onAction={review.act}
            busy={review.busy}
            busyAction={review.busyAction}
            payments={payments}
            onWithdrawn={() => navigate(paths.startup.tasks)}
            matches={<MatchedStudentsPanel task={data} canInvite={takesInvitations(data)} />}
          />
        )}
      </QueryState>
      {task.isError && (
        <Link to={paths.startup.tasks} className="text-sm font-medium text-indigo-700 hover:underline">
          Back to My Works
        </Link>
      )}
    </div>
  )
}
