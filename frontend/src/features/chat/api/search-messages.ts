import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { THREAD_PAGE_SIZE } from './get-messages-after'
import type { ChatMessage } from './types'

/** The longest search the server takes (longer: 400 with fields.q). */
export const MAX_SEARCH_LENGTH = 200

/**
 * GET /api/chat/{userId}?q=: the conversation's messages containing q (any case), newest first;
 * the first page.
 */
export async function searchMessages(userId: string, q: string): Promise<ChatMessage[]> {
  const page = await api.getPage<ChatMessage>(`/chat/${encodeURIComponent(userId)}`, { query: { q }, perPage: THREAD_PAGE_SIZE })
  return page.items
}

export function useSearchMessages(userId: string, q: string) {
  return useQuery({
    queryKey: queryKeys.chat.search(userId, q),
    queryFn: () => searchMessages(userId, q),
    enabled: q !== '',
  })
}
