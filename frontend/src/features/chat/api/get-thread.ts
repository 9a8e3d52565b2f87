import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api, type Paged } from '@/lib/api-client'
import { signedLinkRefresh } from '@/lib/files'
import { queryKeys } from '@/lib/query-keys'
import { mergeMessages } from '../lib/chat-cache'
import { THREAD_PAGE_SIZE } from './get-messages-after'
import type { ChatMessage } from './types'

/** GET /api/chat/{userId}: the latest messages between the viewer and userId, oldest first. */
export async function getThread(userId: string): Promise<ChatMessage[]> {
  return (await api.getPage<ChatMessage>(`/chat/${encodeURIComponent(userId)}`, { perPage: THREAD_PAGE_SIZE })).items
}

/**
 * GET /api/chat/{userId}?before=<id>: the page of messages just before that one, oldest first;
 * its rel="next" says whether there may be more before it.
 */
export function getMessagesBefore(userId: string, before: string): Promise<Paged<ChatMessage>> {
  return api.getPage<ChatMessage>(`/chat/${encodeURIComponent(userId)}`, { query: { before }, perPage: THREAD_PAGE_SIZE })
}

/**
 * The thread. Live events and catch-ups keep it current, so it never goes stale by itself; an
 * answer is merged with what events put in the cache meanwhile, never written over it. Its files'
 * links are signed for 15 minutes, so it refetches every 10 (signedLinkRefresh) and the merge
 * takes the fresh links.
 */
export function useThread(userId: string) {
  const queryClient = useQueryClient()
  const key = queryKeys.chat.thread(userId)
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await getThread(userId)
      // The cache as it is once the answer is in: what events added while it was on its way stays.
      return mergeMessages(queryClient.getQueryData<ChatMessage[]>(key) ?? [], answer)
    },
    staleTime: Infinity,
    ...signedLinkRefresh,
  })
}

/**
 * Scrolling back: `load` puts the page before the oldest message shown into the thread.
 * `hasEarlier` holds while there may be more: the thread holds at least a full page (the server
 * links to earlier messages exactly when a page is full) and no page back came without that link.
 */
export function useEarlierMessages(userId: string, thread: ChatMessage[] | undefined) {
  const queryClient = useQueryClient()
  const [startReachedFor, setStartReachedFor] = useState<string>()
  // The partner travels with the call: a page that lands after the panel switched to another
  // conversation still goes to its own thread.
  const mutation = useMutation({
    mutationFn: (page: { userId: string; before: string }) => getMessagesBefore(page.userId, page.before),
    onSuccess: (earlier, page) => {
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.thread(page.userId), (list) => mergeMessages(list ?? [], earlier.items))
      if (!earlier.hasNext) setStartReachedFor(page.userId)
    },
  })
  const oldest = thread?.[0]?._id
  return {
    hasEarlier: startReachedFor !== userId && (thread?.length ?? 0) >= THREAD_PAGE_SIZE,
    load: () => {
      if (oldest) mutation.mutate({ userId, before: oldest })
    },
    isLoading: mutation.isPending,
    isError: mutation.isError,
  }
}
