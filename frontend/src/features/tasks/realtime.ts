import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { registerCatchUp, registerRealtimeHandler, type RealtimeContext } from '@/lib/realtime/registry'

/** A submission was decided or a task changed: every task list refetches, and the dashboards. */
function onTaskChange(_data: unknown, { queryClient }: RealtimeContext): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all })
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
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
  registerRealtimeHandler('submission.status', onTaskChange)
  registerRealtimeHandler('task.updated', onTaskChange)
  registerCatchUp(catchUpTasks)
}
