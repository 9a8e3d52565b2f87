import type { ReactNode } from 'react'
import { SplitView } from '@/components/layouts/split-view'
import type { Conversation } from '../api/types'
import { ConversationList } from './conversation-list'

type MessagesPageViewProps = {
  conversations: Conversation[]
  isLoading: boolean
  me: string
  selectedId?: string
  linkTo: (partnerId: string) => string
  markAllRead?: { onClick: () => void; isPending: boolean }
  /** The open conversation; nothing selected shows the prompt to pick one. */
  panel?: ReactNode
}

/** /messages: conversations on the left, the open one on the right. */
export function MessagesPageView({ conversations, isLoading, me, selectedId, linkTo, markAllRead, panel }: MessagesPageViewProps) {
  return (
    <SplitView
      title="Messages"
      list={<ConversationList conversations={conversations} isLoading={isLoading} me={me} selectedId={selectedId} linkTo={linkTo} markAllRead={markAllRead} />}
      panel={panel}
      emptyText="Select a conversation"
    />
  )
}
