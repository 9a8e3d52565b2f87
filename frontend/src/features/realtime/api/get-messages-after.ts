import { api } from '@/lib/api-client'
import type { ChatMessage } from '../types'

/** The server's page size for GET /api/chat/{userId}. */
export const THREAD_PAGE_SIZE = 200

/**
 * GET /api/chat/{userId}?after=<id>: the messages after the last one a client has, page by page
 * until none are left. This is how a client that was disconnected catches up. Without a cursor
 * (nothing cached yet), the latest page.
 */
export async function getMessagesAfter(userId: string, after: string | undefined): Promise<ChatMessage[]> {
  const path = `/chat/${encodeURIComponent(userId)}`
  if (!after) return api.get<ChatMessage[]>(path)
  const all: ChatMessage[] = []
  let cursor = after
  for (;;) {
    const page = await api.get<ChatMessage[]>(path, { query: { after: cursor } })
    all.push(...page)
    if (page.length < THREAD_PAGE_SIZE) return all
    cursor = page[page.length - 1]!._id
  }
}
