import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { mergeMessages } from '../lib/chat-cache'
import type { ChatMessage } from './types'

export type SendMessageInput = {
  receiver: string
  content: string
  clientId: string
  /** Files from POST /api/uploads/chat (lib/uploads uploadChatFile); content may be empty with them. */
  attachments?: { url: string; name: string }[]
}

/**
 * POST /api/chat/send → 201 the message (200 with the first one when clientId was already used:
 * retrying a send that may have gone through never posts it twice).
 */
export function sendMessage(input: SendMessageInput): Promise<ChatMessage> {
  return api.post<ChatMessage>('/chat/send', input)
}

/** A fresh idempotency key for the next message. */
export function newClientId(): string {
  return crypto.randomUUID()
}

/** Sends and puts the answer in the thread at once (the chat.message event may come before or after). */
export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.thread(message.receiver), (thread) =>
        thread ? mergeMessages(thread, [message]) : [message],
      )
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations })
    },
  })
}
