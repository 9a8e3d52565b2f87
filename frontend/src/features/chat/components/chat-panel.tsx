import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { buttonClasses } from '@/components/ui/button'
import { isApiError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { avatarInitial, displayName } from '@/lib/user'
import { useUser } from '../api/get-user'
import { useEarlierMessages, useThread } from '../api/get-thread'
import { useMarkRead } from '../api/mark-read'
import { newClientId, useSendMessage } from '../api/send-message'
import type { ChatUser } from '../api/types'
import { usePendingFiles } from '../lib/pending-files'
import { useIsTyping, useSendTyping } from '../lib/typing'
import { Composer } from './composer'
import { ConversationSearchBox, ConversationSearchResults } from './conversation-search'
import { MessageList } from './message-list'
import { OnlineDot } from './online-dot'

type ChatPanelProps = {
  partnerId: string
  /** The partner as a list already knows them; fetched when missing. */
  partner?: Pick<ChatUser, 'userType' | 'companyName' | 'firstName' | 'lastName' | 'email' | 'profilePicture' | 'online'>
  /** Where Back goes: the inbox's route, /chat or /messages. */
  backTo: string
  backLabel: string
}

/**
 * One conversation, the thread pane of /chat/{id} and /messages?with={id}: the partner's header
 * pinned at the top, the thread scrolling between, the composer pinned at the bottom. Incoming
 * messages are marked read once on screen; typing is sent as the user types.
 */
export function ChatPanel({ partnerId, partner, backTo, backLabel }: ChatPanelProps) {
  const me = useCurrentUser()
  const thread = useThread(partnerId)
  const fetchedUser = useUser(partnerId, !partner)
  const who = partner ?? fetchedUser.data
  const name = who ? displayName(who) : 'User'
  const isTyping = useIsTyping(partnerId)
  const sendTyping = useSendTyping(partnerId)

  const earlier = useEarlierMessages(partnerId, thread.data)

  // What was unread when the conversation opened, kept after it is marked read.
  const [unreadAtOpen, setUnreadAtOpen] = useState<{ id: string; count: number } | null>()
  if (unreadAtOpen === undefined && thread.data) {
    const unread = thread.data.filter((m) => m.sender === partnerId && !m.readAt)
    setUnreadAtOpen(unread[0] ? { id: unread[0]._id, count: unread.length } : null)
  }

  useEffect(() => {
    if (thread.isError) notify.error('Failed to load messages')
  }, [thread.isError])
  useEffect(() => {
    if (earlier.isError) notify.error('Failed to load earlier messages')
  }, [earlier.isError])

  const [seenUnread, setSeenUnread] = useState<string>()
  useMarkReadWhenSeen(partnerId, me?._id, seenUnread)

  const [search, setSearch] = useState('')
  const [draft, setDraft] = useState('')
  const clientId = useRef(newClientId()) // kept across retries of one message, so it is stored once
  const files = usePendingFiles()
  const send = useSendMessage()
  const onSend = () => {
    const attachments = files.ready
    send.mutate(
      { receiver: partnerId, content: draft.trim(), clientId: clientId.current, ...(attachments.length > 0 && { attachments }) },
      {
        onSuccess: () => {
          clientId.current = newClientId()
          setDraft('')
          files.clear()
          // No toast: the bubble appearing (with its Sent tick) is the confirmation.
        },
        // A refused file says why (fields.attachments); anything else keeps the spec's text.
        onError: (error) => notify.error(isApiError(error) && error.fields.attachments ? error.fields.attachments : 'Failed to send message'),
      },
    )
  }

  return (
    <section aria-label={`Chat with ${name}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex shrink-0 items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Link to={backTo} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {backLabel}
        </Link>
        <span className="relative">
          <Avatar src={who?.profilePicture} initials={avatarInitial(who)} alt={name} size="sm" />
          {partner && <OnlineDot online={partner.online} />}
        </span>
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{name}</h2>
          {who?.email && <p className="truncate text-xs text-slate-600">{who.email}</p>}
        </div>
      </header>
      <ConversationSearchBox query={search} onSearch={setSearch} />
      {search ? (
        <ConversationSearchResults partnerId={partnerId} partnerName={name} me={me?._id ?? ''} query={search} />
      ) : (
        <MessageList
          messages={thread.data ?? []}
          me={me?._id ?? ''}
          partnerName={name}
          isLoading={thread.isPending}
          isTyping={isTyping}
          earlier={earlier}
          firstUnread={unreadAtOpen}
          onUnreadSeen={setSeenUnread}
        />
      )}
      <Composer
        value={draft}
        onChange={(value) => {
          setDraft(value)
          if (value.trim()) sendTyping()
        }}
        onSend={onSend}
        isSending={send.isPending}
        files={files.files}
        onAttach={files.add}
        onRemoveFile={files.remove}
      />
    </section>
  )
}

/**
 * Marks the partner's messages read once the newest unread one has been on screen (`seenUnread`,
 * from the thread) while the tab is visible: a reader scrolled up to older messages, or away in
 * another tab, still has it counted as unread.
 */
function useMarkReadWhenSeen(partnerId: string, me: string | undefined, seenUnread: string | undefined) {
  const markRead = useMarkRead()
  const marked = useRef<string | null>(null)
  const mutate = markRead.mutate
  useEffect(() => {
    if (!me || !seenUnread) return
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === seenUnread) return
      marked.current = seenUnread
      mutate(partnerId)
    }
    mark()
    document.addEventListener('visibilitychange', mark)
    return () => document.removeEventListener('visibilitychange', mark)
  }, [me, seenUnread, partnerId, mutate])
}
