import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { TaskPage } from '@/types/tasks'

/**
 * GET /api/tasks/{id}: one task for anyone who may see it (a listed task for everyone; an
 * assigned or completed one for its people), with a signed-in student's own submission.
 */
export function getTask(id: string): Promise<TaskPage> {
  return api.get<TaskPage>(`/tasks/${encodeURIComponent(id)}`)
}

export function useTask(id: string, viewerId: string) {
  return useQuery({ queryKey: queryKeys.tasks.page(id, viewerId), queryFn: () => getTask(id), enabled: Boolean(id) })
}
