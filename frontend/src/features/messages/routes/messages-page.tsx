import { MessagesSquare } from 'lucide-react'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { ChatPanel } from '@/features/chat/components/chat-panel'
import { useCurrentUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { notify } from '@/lib/notify'
import { useConversations } from '../api/get-conversations'
import { ConversationList } from '../components/conversation-list'

/**
 * /messages: the conversation list (reordered and counted live) beside the open conversation,
 * chosen with ?with=<userId>. The conversation itself is chat's panel: messages builds on chat.
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
  const selected = list.find((c) => c._id === selectedId)
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-2 py-4 sm:px-6">
      <title>Messages · Bridgework</title>
      <h1 className="sr-only">Messages</h1>
      <Card className="grid h-[calc(100vh-10rem)] min-h-[28rem] flex-1 overflow-hidden md:grid-cols-[22rem_1fr]">
        <div className={cn('min-h-0 border-slate-200 md:flex md:flex-col md:border-r', selectedId ? 'hidden' : 'flex flex-col')}>
          <ConversationList
            conversations={list}
            isLoading={conversations.isPending}
            me={me?._id ?? ''}
            selectedId={selectedId}
            linkTo={(id) => `${paths.messages}?with=${encodeURIComponent(id)}`}
          />
        </div>
        <div className={cn('min-h-0 flex-col', selectedId ? 'flex' : 'hidden md:flex')}>
          {selectedId ? (
            <ChatPanel key={selectedId} partnerId={selectedId} partner={selected} backTo={paths.messages} backLabel="Back" />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-slate-500">
              <MessagesSquare className="size-10 text-slate-300" aria-hidden="true" />
              <p>Select a conversation</p>
            </div>
          )}
        </div>
      </Card>
    </div>
  )
}
