import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Conversation } from './types'

/**
 * GET /api/chat/conversations: partners, latest conversation first, with last message and unread
 * count; the first page, which live events then keep in order.
 */
export async function getConversations(): Promise<Conversation[]> {
  const { items } = await api.getPage<Conversation>('/chat/conversations', { perPage: MAX_PER_PAGE })
  return items
}

/** Live events reorder and count it in place, so it never goes stale by itself. */
export function useConversations() {
  return useQuery({ queryKey: queryKeys.chat.conversations, queryFn: getConversations, staleTime: Infinity })
}
