import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { getMessagesAfter } from '../api/get-messages-after'
import {
  EventType,
  type ChatMessage,
  type ChatPartner,
  type Conversation,
  type PresenceData,
  type ReadReceipt,
  type RealtimeEvent,
  type TypingData,
} from '../types'
import { applyMessageToConversations, applyReadReceipt, clearUnread, mergeMessages, setOnline } from './chat-cache'
import { useLiveStore } from './live-store'

/**
 * Puts one server event into the query cache (or the live store), as `me` sees it. Lists that are
 * cached get patched in place; what cannot be patched is invalidated, so active screens refetch.
 */
export function routeEvent(queryClient: QueryClient, event: RealtimeEvent, me: string): void {
  switch (event.type) {
    case EventType.chatMessage: {
      const message = event.data as ChatMessage
      const partnerId = message.sender === me ? message.receiver : message.sender
      // Only a thread someone has asked for; one still loading takes the message now and merges
      // its answer in when it comes (see useThread).
      const key = queryKeys.chat.thread(partnerId)
      if (queryClient.getQueryCache().find({ queryKey: key, exact: true })) {
        queryClient.setQueryData<ChatMessage[]>(key, (thread) => mergeMessages(thread ?? [], [message]))
      }
      const conversations = queryClient.getQueryData<Conversation[]>(queryKeys.chat.conversations)
      const next = conversations && applyMessageToConversations(conversations, message, me)
      if (next) queryClient.setQueryData(queryKeys.chat.conversations, next)
      else void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations })
      if (message.sender === partnerId) useLiveStore.getState().stopTyping(partnerId) // they sent it
      return
    }
    case EventType.chatRead: {
      const receipt = event.data as ReadReceipt
      const partnerId = receipt.readerId === me ? receipt.senderId : receipt.readerId
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.thread(partnerId), (thread) =>
        thread ? applyReadReceipt(thread, receipt) : thread,
      )
      queryClient.setQueryData<Conversation[]>(queryKeys.chat.conversations, (list) =>
        list ? clearUnread(list, receipt, me) : list,
      )
      return
    }
    case EventType.chatTyping: {
      const typing = event.data as TypingData
      if (typing.to === me) useLiveStore.getState().markTyping(typing.from)
      return
    }
    case EventType.presence: {
      const { userId, online } = event.data as PresenceData
      queryClient.setQueryData<Conversation[]>(queryKeys.chat.conversations, (list) =>
        list ? setOnline(list, userId, online) : list,
      )
      queryClient.setQueriesData<ChatPartner[]>({ queryKey: queryKeys.chat.allPartners }, (list) =>
        list ? setOnline(list, userId, online) : list,
      )
      return
    }
    case EventType.notificationNew:
    case EventType.notificationCount:
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all })
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
      return
    case EventType.submissionStatus:
    case EventType.taskUpdated:
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all })
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
      return
  }
}

/**
 * After a (re)connect or a `resync`: cached threads fetch what came after their last message (or
 * their latest page) and merge it in, and everything else live events would have changed is
 * refetched. The database is the truth; events only saved the wait.
 */
export async function catchUp(queryClient: QueryClient): Promise<void> {
  const threads = queryClient.getQueriesData<ChatMessage[]>({ queryKey: queryKeys.chat.threads })
  const fills = threads.map(async ([key, thread]) => {
    const partnerId = key[2] as string
    try {
      const missed = await getMessagesAfter(partnerId, thread?.[thread.length - 1]?._id)
      queryClient.setQueryData<ChatMessage[]>(key, (current) => mergeMessages(current ?? [], missed))
    } catch {
      // The thread keeps what it has; the next reconnect tries again.
    }
  })
  await Promise.all([
    ...fills,
    queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
    queryClient.invalidateQueries({ queryKey: queryKeys.chat.allPartners }),
    queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ])
}
