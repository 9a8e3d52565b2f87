import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useSubmitLink } from '@/lib/tasks/submit-link'
import { useTask } from '../api/get-task'
import { TaskPageView } from '../components/task-page-view'

/**
 * /tasks/:id: open to all (docs/marketplace.md, "Screens: pay and the task page"); what a viewer
 * may do depends on who looks.
 */
export function TaskPage() {
  const id = useParams().id ?? ''
  const [params] = useSearchParams()
  const user = useCurrentUser()
  const task = useTask(id, user?._id ?? '')
  const [submittedAt, setSubmittedAt] = useState<Record<string, number>>({})
  const submitLink = useSubmitLink({
    onSuccess: () => notify.success('Link submitted successfully!'),
    onError: () => notify.error('Failed to submit link'),
  })
  const notFound = isApiError(task.error) && task.error.status === 404
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <QueryState query={task} loadingLabel="Loading the task" error={notFound ? 'Task not found.' : 'Failed to fetch the task'}>
        {(data) => (
          <TaskPageView
            task={data}
            viewer={user?.userType ?? null}
            viewerId={user?._id}
            revise={params.get('revise')}
            submit={{ isSubmitting: submitLink.isPending, error: submitLink.error, submittedAt }}
            onSubmitLink={(link) =>
              submitLink.mutate({ taskId: data._id, link }, { onSuccess: () => setSubmittedAt((times) => ({ ...times, [data._id]: Date.now() })) })
            }
          />
        )}
      </QueryState>
      {task.isError && (
        <>
          <title>Task not found · Bridgework</title>
          <Link to={paths.tasks} className="text-sm font-medium text-indigo-700 hover:underline">
            Back to all tasks
          </Link>
        </>
      )}
    </div>
  )
}
