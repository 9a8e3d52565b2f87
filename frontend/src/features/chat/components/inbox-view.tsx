import type { ReactNode } from 'react'
import { SplitView } from '@/components/layouts/split-view'
import type { ChatPartner, Conversation } from '../api/types'
import { ConversationList } from './conversation-list'
import { PartnerList } from './partner-list'

type InboxViewProps = {
  /** "Chat" at /chat, "Messages" at /messages: the navigation's two names. */
  title: string
  /** What the left column holds, said beside the title. */
  description: string
  /** What the right column says while nothing is open. */
  emptyText: string
  me: string
  /** /messages: the conversations, newest first, with unread badges and Mark all as read. */
  conversations?: { list: Conversation[]; isLoading: boolean; markAllRead: { onClick: () => void; isPending: boolean } }
  /**
   * /chat: "Startups" for a student, "Students" for a startup, everyone the viewer may start a
   * chat with; `unread` counts each one's unread messages.
   */
  partners?: { heading: string; list: ChatPartner[]; isLoading: boolean; unread: ReadonlyMap<string, number> }
  selectedId?: string
  /** The address that opens a partner's conversation on this route. */
  linkTo: (partnerId: string) => string
  /** The open conversation (ChatPanel); on a phone it takes the screen, with Back to the list. */
  panel?: ReactNode
}

/**
 * The chat's two pages (spec §2): /chat lists the people to chat with, /messages the
 * conversations; both open a conversation in the same panel beside the list.
 */
export function InboxView({ title, description, emptyText, me, conversations, partners, selectedId, linkTo, panel }: InboxViewProps) {
  return (
    <SplitView
      title={title}
      description={description}
      list={
        <div data-testid="inbox-list" className="min-h-0 flex-1 overflow-y-auto">
          {conversations && (
            <ConversationList
              conversations={conversations.list}
              isLoading={conversations.isLoading}
              me={me}
              selectedId={selectedId}
              linkTo={linkTo}
              markAllRead={conversations.markAllRead}
            />
          )}
          {partners && (
            <PartnerList
              heading={partners.heading}
              partners={partners.list}
              isLoading={partners.isLoading}
              unread={partners.unread}
              selectedId={selectedId}
              linkTo={linkTo}
            />
          )}
        </div>
      }
      panel={panel}
      emptyText={emptyText}
    />
  )
}
