import { useQuery, useQueryClient } from '@tanstack/react-query'
import { mergeMessages, type ChatMessage } from '@/features/realtime'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/chat/{userId}: the latest messages between the viewer and userId, oldest first. */
export function getThread(userId: string): Promise<ChatMessage[]> {
  return api.get<ChatMessage[]>(`/chat/${encodeURIComponent(userId)}`)
}

/**
 * The thread. Live events and catch-ups keep it current, so it never goes stale by itself; an
 * answer is merged with what events put in the cache meanwhile, never written over it.
 */
export function useThread(userId: string) {
  const queryClient = useQueryClient()
  const key = queryKeys.chat.thread(userId)
  return useQuery({
    queryKey: key,
    queryFn: async () => mergeMessages(queryClient.getQueryData<ChatMessage[]>(key) ?? [], await getThread(userId)),
    staleTime: Infinity,
  })
}
