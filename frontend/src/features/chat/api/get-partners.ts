import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { ChatPartner } from './types'

/**
 * GET /api/chat/partners: who the viewer may chat with — startups for a student, students for a
 * startup — with a one-line description and whether they are online. (A list of its own rather
 * than GET /api/users?role=…, so the left column has exactly what it shows, presence included.)
 */
export async function getChatPartners(): Promise<ChatPartner[]> {
  const { items } = await api.getPage<ChatPartner>('/chat/partners', { perPage: MAX_PER_PAGE })
  return items
}

/** `enabled` is false where the list is not shown (/messages lists conversations instead). */
export function useChatPartners(viewerType: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.chat.partners(viewerType), queryFn: getChatPartners, enabled })
}
