import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { buttonClasses } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { avatarInitial, displayName } from '@/lib/user'
import type { ChatPartner } from '../api/types'
import { UnreadBadge } from './conversation-list'
import { OnlineDot } from './online-dot'

type PartnerListProps = {
  /** "Startups" for a student, "Students" for a startup. */
  heading: string
  partners: ChatPartner[]
  isLoading: boolean
  /** Each partner's unread messages (from the conversation list); none for most. */
  unread?: ReadonlyMap<string, number>
  selectedId?: string
  /** The address that opens a partner's conversation on the current route. */
  linkTo: (partnerId: string) => string
}

/**
 * The /chat column: everyone the viewer may chat with, each with a Chat button. Rows use
 * slate-600 for the small print, which keeps 4.5:1 on the selected row's indigo-50 too.
 */
export function PartnerList({ heading, partners, isLoading, unread, selectedId, linkTo }: PartnerListProps) {
  return (
    <section aria-labelledby="chat-partners-heading" className="flex flex-col">
      <h2 id="chat-partners-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {isLoading ? (
        <p className="p-4 text-sm text-slate-600">Loading...</p>
      ) : partners.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">No users found</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {partners.map((p) => {
            const name = displayName(p)
            return (
              <li
                key={p._id}
                className={cn('flex items-center gap-3 px-4 py-3', p._id === selectedId && 'bg-indigo-50')}
                aria-current={p._id === selectedId ? 'true' : undefined}
              >
                <span className="relative">
                  <Avatar src={p.profilePicture} initials={avatarInitial(p)} alt={name} />
                  <OnlineDot online={p.online} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{name}</p>
                  <p className="truncate text-sm text-slate-600">{p.email}</p>
                  {p.description && <p className="line-clamp-2 text-xs text-slate-600">{p.description}</p>}
                </div>
                <UnreadBadge count={unread?.get(p._id) ?? 0} />
                <Link
                  to={linkTo(p._id)}
                  aria-label={`Chat with ${name}`}
                  className={buttonClasses({ size: 'sm', variant: p._id === selectedId ? 'primary' : 'outline' })}
                >
                  Chat
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
