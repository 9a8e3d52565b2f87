import { useEffect, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import { useConversations } from '@/lib/chat/conversations'
import { notify } from '@/lib/notify'
import { useChatPartners } from '../api/get-partners'
import { useMarkAllRead } from '../api/mark-all-read'
import { ChatPanel } from '../components/chat-panel'
import { InboxView } from '../components/inbox-view'

/** Each route's name, what its left column holds, how it opens a conversation, and its prompt (spec §2). */
const routes = {
  chat: {
    title: 'Chat',
    description: 'People you can chat with',
    base: paths.chat,
    linkTo: paths.chatWith,
    emptyText: 'Select a user to start chatting',
  },
  messages: {
    title: 'Messages',
    description: 'Your conversations',
    base: paths.messages,
    linkTo: (id: string) => `${paths.messages}?with=${encodeURIComponent(id)}`,
    emptyText: 'Select a conversation',
  },
} as const

/**
 * /chat, /chat/{userId} (the people to chat with) and /messages?with={userId} (the
 * conversations), for students and startups. Each route keeps its own addresses, so Back and the
 * links stay on it; both open the same conversation panel.
 */
export function InboxPage({ route }: { route: keyof typeof routes }) {
  const { title, description, base, linkTo, emptyText } = routes[route]
  const { userId } = useParams()
  const [params] = useSearchParams()
  const selectedId = (route === 'chat' ? userId : params.get('with')) ?? undefined
  const me = useCurrentUser()
  const viewerType = me?.userType ?? 'student'
  const conversations = useConversations()
  const partners = useChatPartners(viewerType, route === 'chat')

  useEffect(() => {
    if (conversations.isError) notify.error('Failed to load conversations')
  }, [conversations.isError])
  useEffect(() => {
    if (partners.isError) notify.error('Failed to load users')
  }, [partners.isError])

  const markAll = useMarkAllRead()
  const onMarkAllRead = () => markAll.mutate(undefined, { onError: () => notify.error('Failed to mark conversations as read') })

  const conversationList = conversations.data
  const partnerList = partners.data
  const unread = useMemo(() => new Map((conversationList ?? []).map((c) => [c._id, c.unreadCount])), [conversationList])
  const partner = selectedId ? (conversationList?.find((c) => c._id === selectedId) ?? partnerList?.find((p) => p._id === selectedId)) : undefined
  return (
    <InboxView
      title={title}
      description={description}
      emptyText={emptyText}
      me={me?._id ?? ''}
      conversations={
        route === 'messages'
          ? {
              list: conversationList ?? [],
              isLoading: conversations.isPending,
              markAllRead: { onClick: onMarkAllRead, isPending: markAll.isPending },
            }
          : undefined
      }
      partners={
        route === 'chat'
          ? { heading: viewerType === 'student' ? 'Startups' : 'Students', list: partnerList ?? [], isLoading: partners.isPending, unread }
          : undefined
      }
      selectedId={selectedId}
      linkTo={linkTo}
      panel={selectedId ? <ChatPanel key={selectedId} partnerId={selectedId} partner={partner} backTo={base} backLabel="Back" /> : undefined}
    />
  )
}
