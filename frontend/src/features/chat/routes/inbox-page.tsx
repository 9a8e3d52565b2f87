import { useEffect } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import { useConversations } from '@/lib/chat/conversations'
import { notify } from '@/lib/notify'
import { useChatPartners } from '../api/get-partners'
import { useMarkAllRead } from '../api/mark-all-read'
import { ChatPanel } from '../components/chat-panel'
import { InboxView } from '../components/inbox-view'

/** Each route's name for the inbox, how it opens a conversation, and its prompt (spec §2). */
const routes = {
  chat: { title: 'Chat', base: paths.chat, linkTo: paths.chatWith, emptyText: 'Select a user to start chatting' },
  messages: {
    title: 'Messages',
    base: paths.messages,
    linkTo: (id: string) => `${paths.messages}?with=${encodeURIComponent(id)}`,
    emptyText: 'Select a conversation',
  },
} as const

/**
 * /chat, /chat/{userId} and /messages?with={userId} (students and startups): one inbox under the
 * navigation's two names. Each route keeps its own addresses, so Back and the links stay on it.
 */
export function InboxPage({ route }: { route: keyof typeof routes }) {
  const { title, base, linkTo, emptyText } = routes[route]
  const { userId } = useParams()
  const [params] = useSearchParams()
  const selectedId = (route === 'chat' ? userId : params.get('with')) ?? undefined
  const me = useCurrentUser()
  const viewerType = me?.userType ?? 'student'
  const conversations = useConversations()
  const partners = useChatPartners(viewerType)

  useEffect(() => {
    if (conversations.isError) notify.error('Failed to load conversations')
  }, [conversations.isError])
  useEffect(() => {
    if (partners.isError) notify.error('Failed to load users')
  }, [partners.isError])

  const markAll = useMarkAllRead()
  const onMarkAllRead = () =>
    markAll.mutate(undefined, { onError: () => notify.error('Failed to mark conversations as read') })

  const conversationList = conversations.data ?? []
  const partnerList = partners.data ?? []
  const partner = selectedId
    ? (conversationList.find((c) => c._id === selectedId) ?? partnerList.find((p) => p._id === selectedId))
    : undefined
  return (
    <InboxView
      title={title}
      emptyText={emptyText}
      me={me?._id ?? ''}
      conversations={{ list: conversationList, isLoading: conversations.isPending }}
      partners={{ heading: viewerType === 'student' ? 'Startups' : 'Students', list: partnerList, isLoading: partners.isPending }}
      selectedId={selectedId}
      linkTo={linkTo}
      markAllRead={{ onClick: onMarkAllRead, isPending: markAll.isPending }}
      panel={selectedId ? <ChatPanel key={selectedId} partnerId={selectedId} partner={partner} backTo={base} backLabel="Back" /> : undefined}
    />
  )
}
