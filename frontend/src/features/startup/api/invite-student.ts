import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Invitation } from '@/types/matching'

/** The server's limit on an invitation's message. */
export const INVITE_MESSAGE_MAX = 1000

/**
 * POST /api/startup/tasks/{id}/invitations: invites a matched student to the task. The server
 * refuses (409) a task no longer open, a student already invited or taking no invitations, and
 * (429) more than its limits; its message says which.
 */
export function inviteStudent({ taskId, studentId, message }: { taskId: string; studentId: string; message: string }): Promise<Invitation> {
  return api.post<Invitation>(`/startup/tasks/${encodeURIComponent(taskId)}/invitations`, { studentId, message })
}

export function useInviteStudent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteStudent,
    onSuccess: (_, { taskId }) => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.task(taskId) }),
  })
}
