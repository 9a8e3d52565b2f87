import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Invitation } from '@/types/matching'

/**
 * GET /api/startup/tasks/{id}/invitations: the invitations the startup sent for its task, newest
 * first. One page of the server's largest holds them all: a task takes at most 20
 * (INVITES_MAX_PER_TASK).
 */
export async function getTaskInvitations(taskId: string): Promise<Invitation[]> {
  const { items } = await api.getPage<Invitation>(`/startup/tasks/${encodeURIComponent(taskId)}/invitations`, { perPage: MAX_PER_PAGE })
  return items
}

export function useTaskInvitations(taskId: string) {
  return useQuery({ queryKey: queryKeys.invitations.task(taskId), queryFn: () => getTaskInvitations(taskId) })
}
