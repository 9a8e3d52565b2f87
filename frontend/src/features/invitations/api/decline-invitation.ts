import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Invitation } from '@/types/matching'

/** The server's limit on a decline's reason. */
export const DECLINE_REASON_MAX = 500

/** POST /api/student/invitations/{id}/decline, with an optional reason the startup reads. */
export function declineInvitation({ id, reason }: { id: string; reason: string }): Promise<Invitation> {
  return api.post<Invitation>(`/student/invitations/${encodeURIComponent(id)}/decline`, reason ? { reason } : {})
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  })
}
