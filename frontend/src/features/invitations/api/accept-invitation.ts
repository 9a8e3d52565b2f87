import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Invitation } from '@/types/matching'

/**
 * POST /api/student/invitations/{id}/accept: the student takes the task (on a task of one seat
 * it leaves the open market). 409 once the invitation was answered or has expired.
 */
export function acceptInvitation(id: string): Promise<Invitation> {
  return api.post<Invitation>(`/student/invitations/${encodeURIComponent(id)}/accept`)
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    // The task is now the student's: their lists, the open market and the dashboard change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.student }),
      ]),
  })
}
