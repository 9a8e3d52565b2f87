import { api } from '@/lib/api-client'
import type { ChatMessage } from './types'

/** The page size the app asks GET /api/chat/{userId} for. */
export const THREAD_PAGE_SIZE = 100

/**
 * GET /api/chat/{userId}?after=<id>: the messages after the last one a client has, page by page
 * until none are left. This is how a client that was disconnected catches up. Without a cursor
 * (nothing cached yet), the latest page.
 */
export async function getMessagesAfter(userId: string, after: string | undefined): Promise<ChatMessage[]> {
  const path = `/chat/${encodeURIComponent(userId)}`
  if (!after) return (await api.getPage<ChatMessage>(path, { perPage: THREAD_PAGE_SIZE })).items
  const all: ChatMessage[] = []
  let cursor = after
  for (;;) {
    // Going forward, the Link's next is the page after this one's last message.
    const page = await api.getPage<ChatMessage>(path, { query: { after: cursor }, perPage: THREAD_PAGE_SIZE })
    all.push(...page.items)
    const last = page.items[page.items.length - 1]
    if (!page.hasNext || !last) return all
    cursor = last._id
  }
}
