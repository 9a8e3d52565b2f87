import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'
import { applyReadReceipt } from '../lib/chat-cache'
import type { ChatMessage, Conversation } from './types'

/** POST /api/chat/{userId}/read: everything userId sent me is read; both get chat.read. */
export function markRead(userId: string): Promise<components['schemas']['ReadReceipt']> {
  return api.post<components['schemas']['ReadReceipt']>(`/chat/${encodeURIComponent(userId)}/read`)
}

export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onSuccess: (receipt, userId) => {
      if (receipt.count === 0) return
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.thread(userId), (thread) => (thread ? applyReadReceipt(thread, receipt) : thread))
      queryClient.setQueryData<Conversation[]>(queryKeys.chat.conversations, (list) =>
        list?.map((c) => (c._id === userId ? { ...c, unreadCount: 0 } : c)),
      )
    },
  })
}
