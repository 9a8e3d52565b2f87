import { useQuery } from '@tanstack/react-query'
import type { ChatPartner } from '@/features/realtime'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/**
 * GET /api/chat/partners: who the viewer may chat with — startups for a student, students for a
 * startup — with a one-line description and whether they are online. (A list of its own rather
 * than GET /api/users?role=…, so the left column has exactly what it shows, presence included.)
 */
export function getChatPartners(): Promise<ChatPartner[]> {
  return api.get<ChatPartner[]>('/chat/partners')
}

export function useChatPartners(viewerType: string) {
  return useQuery({ queryKey: queryKeys.chat.partners(viewerType), queryFn: getChatPartners })
}
