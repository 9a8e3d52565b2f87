import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Task } from '@/types/tasks'

/** GET /api/startup/tasks/{id}: one of the startup's own tasks with every submission. */
export function getStartupTask(id: string): Promise<Task> {
  return api.get<Task>(`/startup/tasks/${encodeURIComponent(id)}`)
}

export const startupTaskQuery = (id: string) => queryOptions({ queryKey: queryKeys.tasks.detail(id), queryFn: () => getStartupTask(id) })

export function useStartupTask(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...startupTaskQuery(id), enabled })
}
