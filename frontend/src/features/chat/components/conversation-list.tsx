import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { avatarInitial, displayName } from '@/lib/user'
import type { Conversation } from '../api/types'
import { messagePreview } from '../lib/attachments'

type ConversationListProps = {
  conversations: Conversation[]
  isLoading: boolean
  me: string
  selectedId?: string
  linkTo: (partnerId: string) => string
  /** "Mark all as read"; the button shows when given, and is off while nothing is unread. */
  markAllRead?: { onClick: () => void; isPending: boolean }
}

/** "1 unread message", "3 unread messages". */
export function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`
}

/** A count of unread messages, named for screen readers ("2 unread messages"); nothing at 0. */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className="shrink-0 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white" role="img" aria-label={unreadLabel(count)}>
      {count}
    </span>
  )
}

/**
 * The /messages column: one row per partner, newest first, with unread badges. The previews are
 * slate-600, which keeps 4.5:1 on the selected row's indigo-50 too.
 */
export function ConversationList({ conversations, isLoading, me, selectedId, linkTo, markAllRead }: ConversationListProps) {
  const anyUnread = conversations.some((c) => c.unreadCount > 0)
  return (
    <section aria-labelledby="conversations-heading" className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="conversations-heading" className="text-lg font-semibold text-slate-900">
          Conversations
        </h2>
        {markAllRead && (
          <Button
            variant="ghost"
            size="sm"
            onClick={markAllRead.onClick}
            disabled={!anyUnread}
            isLoading={markAllRead.isPending}
            loadingText="Marking..."
          >
            Mark all as read
          </Button>
        )}
      </div>
      {isLoading ? (
        <p className="p-4 text-sm text-slate-600">Loading...</p>
      ) : conversations.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">No conversations yet.</p>
      ) : (
        <ul aria-label="Conversations" className="divide-y divide-slate-100">
          {conversations.map((c) => {
            const name = displayName(c)
            const own = c.lastMessage.sender === me
            return (
              <li key={c._id}>
                <Link
                  to={linkTo(c._id)}
                  aria-current={c._id === selectedId ? 'true' : undefined}
                  data-unread={c.unreadCount > 0}
                  className={cn(
                    'flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                    c._id === selectedId && 'bg-indigo-50',
                  )}
                >
                  <span className="relative">
                    <Avatar src={c.profilePicture} initials={avatarInitial(c)} alt={name} />
                    <span
                      aria-hidden="true"
                      className={cn('absolute bottom-0 right-0 size-3 rounded-full ring-2 ring-white', c.online ? 'bg-emerald-500' : 'bg-slate-300')}
                    />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={cn('block truncate text-slate-900', c.unreadCount > 0 ? 'font-bold' : 'font-medium')}>{name}</span>
                    <span className={cn('block truncate text-sm', c.unreadCount > 0 ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                      {own ? `You: ${messagePreview(c.lastMessage)}` : messagePreview(c.lastMessage)}
                    </span>
                  </span>
                  <UnreadBadge count={c.unreadCount} />
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
