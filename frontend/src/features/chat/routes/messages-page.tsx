import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useConversations } from '../api/get-conversations'
import { useMarkAllRead } from '../api/mark-all-read'
import { ChatPanel } from '../components/chat-panel'
import { MessagesPageView } from '../components/messages-page-view'

/**
 * /messages: the conversation list (reordered and counted live) beside the open conversation,
 * chosen with ?with=<userId>, in the same panel as /chat.
 */
export function MessagesPage() {
  const me = useCurrentUser()
  const conversations = useConversations()
  const [params] = useSearchParams()
  const selectedId = params.get('with') ?? undefined

  useEffect(() => {
    if (conversations.isError) notify.error('Failed to load conversations')
  }, [conversations.isError])

  const markAll = useMarkAllRead()
  const onMarkAllRead = () =>
    markAll.mutate(undefined, { onError: () => notify.error('Failed to mark conversations as read') })

  const list = conversations.data ?? []
  return (
    <MessagesPageView
      conversations={list}
      isLoading={conversations.isPending}
      me={me?._id ?? ''}
      selectedId={selectedId}
      linkTo={(id) => `${paths.messages}?with=${encodeURIComponent(id)}`}
      markAllRead={{ onClick: onMarkAllRead, isPending: markAll.isPending }}
      panel={
        selectedId ? (
          <ChatPanel
            key={selectedId}
            partnerId={selectedId}
            partner={list.find((c) => c._id === selectedId)}
            backTo={paths.messages}
            backLabel="Back"
          />
        ) : undefined
      }
    />
  )
}
