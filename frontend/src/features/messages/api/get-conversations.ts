import { useQuery } from '@tanstack/react-query'
import type { Conversation } from '@/features/realtime'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/chat/conversations: partners, latest conversation first, with last message and unread count. */
export function getConversations(): Promise<Conversation[]> {
  return api.get<Conversation[]>('/chat/conversations')
}

/** Live events reorder and count it in place, so it never goes stale by itself. */
export function useConversations() {
  return useQuery({ queryKey: queryKeys.chat.conversations, queryFn: getConversations, staleTime: Infinity })
}
