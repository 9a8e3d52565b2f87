import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

// The conversation list lives here, not in features/chat, because the navigation's unread badge
// (src/components/layouts) reads it too; chat's realtime handlers keep the one cached copy current.

/** A row of the inbox: the partner, the latest message and how many of theirs are unread. */
export type Conversation = components['schemas']['Conversation']

/**
 * GET /api/chat/conversations: partners, latest conversation first, with last message and unread
 * count; the first page, which live events then keep in order.
 */
export async function getConversations(): Promise<Conversation[]> {
  const { items } = await api.getPage<Conversation>('/chat/conversations', { perPage: MAX_PER_PAGE })
  return items
}

/** Live events reorder and count it in place, so it never goes stale by itself. */
export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.chat.conversations, queryFn: getConversations, staleTime: Infinity, enabled })
}

/** Every conversation's unread messages added up. */
export function unreadTotal(conversations: Pick<Conversation, 'unreadCount'>[] | undefined): number {
  return (conversations ?? []).reduce((sum, c) => sum + c.unreadCount, 0)
}

/**
 * The unread messages of all conversations, for the navigation's Chat and Messages badges; 0
 * while the list loads or when it cannot. `enabled` is false for visitors and the admin (no chat).
 */
export function useUnreadMessages(enabled: boolean): number {
  const conversations = useConversations({ enabled })
  return enabled ? unreadTotal(conversations.data) : 0
}
