import { useInfiniteQuery } from '@tanstack/react-query'
import { api, type Paged } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { THREAD_PAGE_SIZE } from './get-messages-after'
import type { ChatMessage } from './types'

/** The longest search the server takes (longer: 400 with fields.q). */
export const MAX_SEARCH_LENGTH = 200

/**
 * GET /api/chat/{userId}?q=[&before=<id>]: the conversation's messages containing q (any case),
 * newest first; a full page links to the older matches.
 */
export function searchMessages(userId: string, q: string, before?: string): Promise<Paged<ChatMessage>> {
  return api.getPage<ChatMessage>(`/chat/${encodeURIComponent(userId)}`, { query: { q, before }, perPage: THREAD_PAGE_SIZE })
}

/** The matches page by page: `fetchNextPage` asks for the ones before the oldest shown. */
export function useSearchMessages(userId: string, q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.chat.search(userId, q),
    queryFn: ({ pageParam }) => searchMessages(userId, q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasNext ? last.items.at(-1)?._id : undefined),
    select: (data) => data.pages.flatMap((page) => page.items),
    enabled: q !== '',
  })
}
