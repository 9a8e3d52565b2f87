import type { Query, QueryClient } from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { TASK_ALERT_REFETCH_SPREAD_MS } from '@/config/realtime'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { navigateTo } from '@/lib/navigation'
import { notify } from '@/lib/notify'
import { queryKeys } from '@/lib/query-keys'
import { registerCatchUp, registerRealtimeHandler, type RealtimeContext } from '@/lib/realtime/registry'
import type { components } from '@/types/api.gen'

/** The data of a submission.status event (backend/tasks/review.go, SubmissionStatusEvent). */
type SubmissionStatusEvent = { taskId: string; studentId: string; status: string; taskStatus: string; reason?: string }

/** The data of a task.updated event (backend/tasks/review.go, TaskUpdatedEvent): change says what its startup did. */
type TaskUpdatedEvent = { taskId: string; status?: string; displayStatus?: string; change?: 'edited' | 'closed' | 'withdrawn' }

/** A submission was decided or a task changed: every task list refetches, and the dashboards. */
function onTaskChange(_data: unknown, { queryClient }: RealtimeContext): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all })
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
}

/** A task's title from whatever task list or dashboard the cache holds, if any. */
export function cachedTaskTitle(queryClient: QueryClient, taskId: string): string | undefined {
  const seen = new Set<unknown>()
  const search = (value: unknown, depth: number): string | undefined => {
    if (!value || typeof value !== 'object' || depth > 4 || seen.has(value)) return undefined
    seen.add(value)
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = search(item, depth + 1)
        if (found) return found
      }
      return undefined
    }
    const record = value as Record<string, unknown>
    if (record._id === taskId && typeof record.title === 'string') return record.title
    for (const child of Object.values(record)) {
      const found = search(child, depth + 1)
      if (found) return found
    }
    return undefined
  }
  for (const key of [queryKeys.tasks.all, queryKeys.dashboard.all]) {
    for (const [, data] of queryClient.getQueriesData({ queryKey: key })) {
      const title = search(data, 0)
      if (title) return title
    }
  }
  return undefined
}

/**
 * The student's own task and submission as the dashboard now has them: the event carries neither
 * the title nor the startup's note, so the dashboard is read again (joining a refetch in flight).
 */
async function ownDecision(queryClient: QueryClient, taskId: string): Promise<{ title?: string; notes?: string }> {
  try {
    const dashboard = await queryClient.fetchQuery({
      queryKey: queryKeys.dashboard.student,
      queryFn: () => api.get<components['schemas']['StudentDashboard']>('/student/dashboard'),
      staleTime: 0,
    })
    const task = dashboard.tasks.find((t) => t._id === taskId)
    return { title: task?.title, notes: task?.submissions[0]?.reviewNotes || undefined }
  } catch {
    return {} // the toast still says what happened, without the title
  }
}

/**
 * Approved or rejected: said at once, with the task's title and, for a rejection, the note
 * (docs/marketplace.md, "A first week").
 */
async function announceDecision(data: SubmissionStatusEvent, { queryClient }: RealtimeContext): Promise<void> {
  const known = cachedTaskTitle(queryClient, data.taskId)
  const { title = known, notes } = await ownDecision(queryClient, data.taskId)
  if (data.status === 'approved') {
    notify.info(title ? `Approved: "${title}"` : 'Your work was approved', {
      action: { label: 'Certificates', onClick: () => navigateTo(paths.certificates) },
    })
  } else {
    notify.info(
      title ? `Not selected: "${title}"` : 'Your submission was not selected',
      notes ? { description: `Note from the startup: ${notes}` } : {},
    )
  }
}

/**
 * The student's own work changed: the lists refetch, and every decision is said at once (the
 * bell keeps them too): approved, not selected (with the startup's note), changes requested, or
 * the task was filled by another.
 */
function onSubmissionStatus(data: SubmissionStatusEvent, context: RealtimeContext): void {
  onTaskChange(data, context)
  if (data.studentId !== context.me) return
  if (data.status === 'approved' || data.status === 'rejected') {
    void announceDecision(data, context)
    return
  }
  const title = cachedTaskTitle(context.queryClient, data.taskId)
  if (data.status === 'changes_requested') notify.info(title ? `Changes requested on "${title}"` : 'Changes requested on your submission')
  else if (data.status === 'closed' && data.reason)
    notify.info(title ? `The startup closed "${title}"` : 'The startup closed this task', { description: `Reason: ${data.reason}` })
  else if (data.status === 'closed') notify.info(title ? `This task was filled: "${title}"` : 'This task was filled')
}

/**
 * A task changed: the lists, the dashboards and its open page read it again. A student who
 * submitted to it is told when its startup edited it (a closing is told with their own
 * submission's event, above); the startup already knows.
 */
function onTaskUpdated(data: TaskUpdatedEvent, context: RealtimeContext): void {
  onTaskChange(data, context)
  if (data.change !== 'edited' || useAuthStore.getState().user?.userType !== 'student') return
  const title = cachedTaskTitle(context.queryClient, data.taskId)
  notify.info(title ? `The startup updated "${title}"` : 'A task you submitted to was updated', {
    action: { label: 'View', onClick: () => navigateTo(paths.task(data.taskId)) },
  })
}

/** The data of a task.alert event (backend/alerts, Alert); its bell part is the bell's (features/notifications). */
export type TaskAlertEvent = { taskId: string; title: string; savedSearchId: string }

/** What a new task changes for a student: the available lists and the dashboard's Available Tasks. */
const OPEN_TASK_LISTS = [queryKeys.tasks.available, queryKeys.dashboard.student]

/**
 * The open lists show a newly posted task, without thousands of alerted tabs asking at the same
 * instant: they are stale at once (a list opened meanwhile loads with the task), and those on
 * screen refetch after a random wait (TASK_ALERT_REFETCH_SPREAD_MS), unless something refetched
 * them meanwhile (a resync, another event, a page opened).
 */
function refetchOpenTaskListsSoon(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache()
  // A list loading now may have been read before the task was posted, and its answer will clear
  // the stale mark: it is due all the same.
  const loading = new Set(OPEN_TASK_LISTS.flatMap((queryKey) => cache.findAll({ queryKey, fetchStatus: 'fetching' })))
  for (const queryKey of OPEN_TASK_LISTS) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' })
  const due = (query: Query) => query.state.isInvalidated || loading.has(query)
  setTimeout(() => {
    // A fetch under way is joined, not restarted.
    for (const queryKey of OPEN_TASK_LISTS) void queryClient.refetchQueries({ queryKey, type: 'active', predicate: due }, { cancelRefetch: false })
  }, Math.random() * TASK_ALERT_REFETCH_SPREAD_MS)
}

/**
 * A startup posted a task matching one of the student's saved searches: say so at once, with a
 * way to its page (where the bell links too), and the open lists show it soon. The bell takes its
 * notification from the same frame.
 */
function onTaskAlert(data: TaskAlertEvent, { queryClient }: RealtimeContext): void {
  notify.info(`New task matching your saved search: "${data.title}"`, {
    action: { label: 'View', onClick: () => navigateTo(paths.task(data.taskId)) },
  })
  refetchOpenTaskListsSoon(queryClient)
}

/** The task lists and the dashboards built from them. */
async function catchUpTasks(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ])
}

/** The marketplace's live events. */
export function registerTasksRealtime(): void {
  registerRealtimeHandler('submission.status', onSubmissionStatus)
  registerRealtimeHandler('task.updated', onTaskUpdated)
  registerRealtimeHandler('task.alert', onTaskAlert)
  registerCatchUp(catchUpTasks)
}
