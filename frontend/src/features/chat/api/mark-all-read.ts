import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Conversation } from './types'

/** POST /api/chat/read-all: every conversation read for me; each partner gets chat.read. */
export function markAllRead(): Promise<{ marked: number }> {
  return api.post<{ marked: number }>('/chat/read-all')
}

/**
 * Marks everything read, clears the counts at once, then refetches the conversations, the
 * threads (their read state) and the bell's notifications.
 */
export function useMarkAllRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: async () => {
      queryClient.setQueryData<Conversation[]>(queryKeys.chat.conversations, (list) =>
        list?.map((c) => (c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c)),
      )
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ])
    },
  })
}
