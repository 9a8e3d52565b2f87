import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useConversations } from '../api/get-conversations'
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

  const list = conversations.data ?? []
  return (
    <MessagesPageView
      conversations={list}
      isLoading={conversations.isPending}
      me={me?._id ?? ''}
      selectedId={selectedId}
      linkTo={(id) => `${paths.messages}?with=${encodeURIComponent(id)}`}
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
