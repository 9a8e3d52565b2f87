import { Bell, X } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { useDropdown } from '@/components/ui/use-dropdown'
import type { Notification } from '../api/get-notifications'

const timeFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })

function when(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date)
}

type NotificationBellViewProps = {
  /** The newest unread items. */
  notifications: Notification[]
  /** How many are unread in all: the badge, which may count more than the list holds. */
  unread: number
  /** Marks one read, which removes it from the list. */
  onRead: (id: string) => void
}

/**
 * The bell with its unread count badge and a dropdown of unread items (spec §2): message, time,
 * View Details when the item has a link; viewing or removing an item marks it read. Escape and a
 * click outside close the dropdown. What a user wrote that an item carries (a startup's review
 * notes) is quoted under their name on one line, apart from the message, which is Bridgework's.
 */
export function NotificationBellView({ notifications, unread, onRead }: NotificationBellViewProps) {
  const { open, setOpen, close, rootRef, buttonRef } = useDropdown()
  const panelId = useId()

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Bell className="size-6" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Unread notifications"
          className="absolute right-0 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Notifications</h2>
          {notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">No new notifications</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {notifications.map((n) => (
                <li key={n._id} className="flex gap-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-sm text-slate-800">{n.message}</p>
                    {n.quote && (
                      <figure className="mt-1 text-xs text-slate-600">
                        <figcaption>{n.quoteAuthor} wrote:</figcaption>
                        <blockquote className="truncate border-l-2 border-slate-200 pl-2" title={n.quote}>
                          {n.quote}
                        </blockquote>
                      </figure>
                    )}
                    <p className="mt-0.5 text-xs text-slate-500">{when(n.createdAt)}</p>
                    {n.link?.startsWith('/') && (
                      <Link
                        to={n.link}
                        onClick={() => {
                          onRead(n._id)
                          close(false)
                        }}
                        className="mt-1 inline-block rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        View Details
                      </Link>
                    )}
                  </div>
                  <button
                    type="button"
                    onClick={() => onRead(n._id)}
                    aria-label={`Mark as read: ${n.message}`}
                    className="self-start rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
