// The live connection the other features build on: the provider (mounted once in the app's
// providers), hooks for typing, and the shapes of chat data that events and REST answers share.
export { RealtimeProvider, useRealtimeSend } from './components/realtime-provider'
export { useIsLive, useIsTyping, useSendTyping } from './hooks'
export { THREAD_PAGE_SIZE } from './api/get-messages-after'
export { applyReadReceipt, mergeMessages } from './lib/chat-cache'
export type { ChatMessage, ChatPartner, ChatUser, Conversation, ReadReceipt } from './types'
