import { useQuery } from '@tanstack/react-query'
import type { ChatMessage } from '@/features/realtime'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/chat/{userId}: the latest messages between the viewer and userId, oldest first. */
export function getThread(userId: string): Promise<ChatMessage[]> {
  return api.get<ChatMessage[]>(`/chat/${encodeURIComponent(userId)}`)
}

/** The thread; live events and catch-ups keep it current, so it never goes stale by itself. */
export function useThread(userId: string) {
  return useQuery({ queryKey: queryKeys.chat.thread(userId), queryFn: () => getThread(userId), staleTime: Infinity })
}
