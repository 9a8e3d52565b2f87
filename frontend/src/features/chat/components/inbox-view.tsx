import type { ReactNode } from 'react'
import { SplitView } from '@/components/layouts/split-view'
import type { ChatPartner, Conversation } from '../api/types'
import { ConversationList } from './conversation-list'
import { PartnerList } from './partner-list'

type InboxViewProps = {
  /** "Chat" at /chat, "Messages" at /messages: the same inbox under the navigation's two names. */
  title: string
  /** What the right column says while nothing is open. */
  emptyText: string
  me: string
  conversations: { list: Conversation[]; isLoading: boolean }
  /** "Startups" for a student, "Students" for a startup: everyone the viewer may start a chat with. */
  partners: { heading: string; list: ChatPartner[]; isLoading: boolean }
  selectedId?: string
  /** The address that opens a partner's conversation on this route. */
  linkTo: (partnerId: string) => string
  markAllRead: { onClick: () => void; isPending: boolean }
  /** The open conversation; on a phone it takes the screen, with Back to the list. */
  panel?: ReactNode
}

/**
 * The one inbox of /chat and /messages: conversations (newest first, unread badges, Mark all as
 * read) above the people to start a conversation with, beside the open conversation.
 */
export function InboxView({ title, emptyText, me, conversations, partners, selectedId, linkTo, markAllRead, panel }: InboxViewProps) {
  return (
    <SplitView
      title={title}
      list={
        <div data-testid="inbox-list" className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            conversations={conversations.list}
            isLoading={conversations.isLoading}
            me={me}
            selectedId={selectedId}
            linkTo={linkTo}
            markAllRead={markAllRead}
          />
          <PartnerList heading={partners.heading} partners={partners.list} isLoading={partners.isLoading} selectedId={selectedId} linkTo={linkTo} />
        </div>
      }
      panel={panel}
      emptyText={emptyText}
    />
  )
}
