import { ArrowDown, Check, CheckCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import type { ChatMessage } from '../api/types'
import { isShownIn, useThreadScroll } from '../lib/thread-scroll'
import { MessageAttachments } from './message-attachments'

type MessageListProps = {
  messages: ChatMessage[]
  me: string
  partnerName: string
  isLoading: boolean
  isTyping: boolean
  /** Scrolling back past the first page; the button shows while `hasEarlier`. */
  earlier?: { hasEarlier: boolean; load: () => void; isLoading: boolean }
  /** The partner's messages that were unread when the conversation opened: the oldest and how many. */
  firstUnread?: { id: string; count: number } | null
  /** Called with the newest unread message of the partner's while it is on screen. */
  onUnreadSeen?: (messageId: string) => void
}

/** Time of day, with the date when it is not today. */
export function formatTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso)
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString()} ${time}`
}

/**
 * The bubbles of a conversation (own on the right), read ticks on own messages, typing below; the
 * list scrolls on its own and follows the newest message (useThreadScroll). `onUnreadSeen` hears
 * of the newest unread message once it is on screen.
 */
export function MessageList({ messages, me, partnerName, isLoading, isTyping, earlier, firstUnread, onUnreadSeen }: MessageListProps) {
  const divider = useRef<HTMLDivElement>(null)
  const last = messages.at(-1)
  const { box, content, newBelow, scrollToEnd } = useThreadScroll({ lastId: last?._id, lastIsOwn: last?.sender === me, openAt: divider })

  // The jump control and the unread count say what is off screen: once the first unread message
  // has shown, the control goes; once the newest one has, it is read.
  const [firstUnreadSeen, setFirstUnreadSeen] = useState(false)
  const newestUnread = messages.findLast((m) => m.sender !== me && !m.readAt)?._id
  const firstUnreadId = firstUnread?.id
  useEffect(() => {
    const element = box.current
    if (!element) return
    const look = () => {
      const unread = newestUnread && element.querySelector(`[data-message-id="${newestUnread}"]`)
      if (unread && isShownIn(unread, element)) onUnreadSeen?.(newestUnread)
      if (divider.current && isShownIn(divider.current, element)) setFirstUnreadSeen(true)
    }
    look()
    element.addEventListener('scroll', look, { passive: true })
    return () => element.removeEventListener('scroll', look)
  }, [box, newestUnread, firstUnreadId, isLoading, onUnreadSeen])

  const jump = () => {
    divider.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
    // The message under the divider takes the focus, not the divider: a focusable separator is a
    // splitter to assistive technology (axe's aria-required-attr wants its aria-valuenow).
    divider.current?.closest('li')?.focus({ preventScroll: true })
    setFirstUnreadSeen(true)
  }
  const showJump = !firstUnreadSeen && firstUnread && messages.some((m) => m._id === firstUnread.id)

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div ref={box} data-testid="thread-scroll" className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <div ref={content}>
          {isLoading ? (
            <p className="text-center text-sm text-slate-600">Loading...</p>
          ) : messages.length === 0 ? (
            <p className="text-center text-sm text-slate-600">No messages yet</p>
          ) : (
            <>
              {showJump && (
                <div className="sticky top-0 z-10 mb-3 flex justify-center">
                  <Button variant="secondary" size="sm" onClick={jump}>
                    {firstUnread.count} unread — jump to first
                  </Button>
                </div>
              )}
              {earlier?.hasEarlier && (
                <div className="mb-3 flex justify-center">
                  <Button variant="outline" size="sm" onClick={earlier.load} isLoading={earlier.isLoading} loadingText="Loading...">
                    Load earlier messages
                  </Button>
                </div>
              )}
              {/* A log's children may not be list items themselves: the log holds the list. */}
              <div role="log" aria-label={`Messages with ${partnerName}`}>
                <ol className="space-y-2">
                  {messages.map((m) => {
                    const own = m.sender === me
                    const isFirstUnread = m._id === firstUnread?.id
                    return (
                      <li
                        key={m._id}
                        data-message-id={m._id}
                        className={cn('flex', own ? 'justify-end' : 'justify-start', isFirstUnread && 'flex-wrap')}
                        data-own={own}
                        data-first-unread={isFirstUnread || undefined}
                        tabIndex={isFirstUnread ? -1 : undefined}
                      >
                        {isFirstUnread && (
                          <div
                            ref={divider}
                            role="separator"
                            aria-label="New messages"
                            className="mb-2 flex basis-full items-center gap-2 text-xs font-semibold text-indigo-600"
                          >
                            <span className="h-px flex-1 bg-indigo-200" aria-hidden="true" />
                            <span>New messages</span>
                            <span className="h-px flex-1 bg-indigo-200" aria-hidden="true" />
                          </div>
                        )}
                        <div
                          className={cn(
                            'max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm',
                            own ? 'rounded-br-sm bg-indigo-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
                          )}
                        >
                          <MessageAttachments attachments={m.attachments} own={own} />
                          {m.content && <p className="whitespace-pre-wrap break-words">{m.content}</p>}
                          <p className={cn('mt-1 flex items-center justify-end gap-1 text-[11px]', own ? 'text-indigo-100' : 'text-slate-600')}>
                            <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
                            {own &&
                              (m.readAt ? (
                                <CheckCheck className="size-3.5" role="img" aria-label="Read" />
                              ) : (
                                <Check className="size-3.5" role="img" aria-label="Sent" />
                              ))}
                          </p>
                        </div>
                      </li>
                    )
                  })}
                </ol>
              </div>
            </>
          )}
          <p aria-live="polite" className="mt-2 h-5 text-xs italic text-slate-600">
            {isTyping ? `${partnerName} is typing…` : ''}
          </p>
        </div>
      </div>
      {newBelow && (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <Button size="sm" onClick={scrollToEnd} className="pointer-events-auto shadow-md">
            <ArrowDown className="size-4" aria-hidden="true" />
            New messages
          </Button>
        </div>
      )}
    </div>
  )
}
