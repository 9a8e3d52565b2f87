import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { registerCatchUp, registerRealtimeHandler, type RealtimeContext } from '@/lib/realtime/registry'
import { getMessagesAfter } from './api/get-messages-after'
import type { ChatMessage, ChatPartner, Conversation, ReadReceipt } from './api/types'
import { applyMessageToConversations, applyReadReceipt, clearUnread, mergeMessages, setOnline } from './lib/chat-cache'
import { useTypingStore } from './lib/typing'

/** chat.typing: `from` is typing to `to`. */
type TypingData = { from: string; to: string }

/** presence: a chat partner came online or went offline. */
type PresenceData = { userId: string; online: boolean }

/** Puts a message into its thread, if someone asked for it, and into the conversation list. */
function onMessage(message: ChatMessage, { queryClient, me }: RealtimeContext): void {
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
  if (message.sender === partnerId) useTypingStore.getState().stopTyping(partnerId) // they sent it
}

function onRead(receipt: ReadReceipt, { queryClient, me }: RealtimeContext): void {
  const partnerId = receipt.readerId === me ? receipt.senderId : receipt.readerId
  queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.thread(partnerId), (thread) => (thread ? applyReadReceipt(thread, receipt) : thread))
  queryClient.setQueryData<Conversation[]>(queryKeys.chat.conversations, (list) => (list ? clearUnread(list, receipt, me) : list))
}

function onTyping(typing: TypingData, { me }: RealtimeContext): void {
  if (typing.to === me) useTypingStore.getState().markTyping(typing.from)
}

function onPresence({ userId, online }: PresenceData, { queryClient }: RealtimeContext): void {
  queryClient.setQueryData<Conversation[]>(queryKeys.chat.conversations, (list) => (list ? setOnline(list, userId, online) : list))
  queryClient.setQueriesData<ChatPartner[]>({ queryKey: queryKeys.chat.allPartners }, (list) => (list ? setOnline(list, userId, online) : list))
}

/**
 * Cached threads fetch what came after their last message (or their latest page) and merge it
 * in; the conversation and partner lists are refetched.
 */
async function catchUpChat(queryClient: QueryClient): Promise<void> {
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
  ])
}

/** Chat's live events: messages, read receipts, typing and presence, kept in chat's own cache. */
export function registerChatRealtime(): void {
  registerRealtimeHandler('chat.message', onMessage)
  registerRealtimeHandler('chat.read', onRead)
  registerRealtimeHandler('chat.typing', onTyping)
  registerRealtimeHandler('presence', onPresence)
  registerCatchUp(catchUpChat)
}
