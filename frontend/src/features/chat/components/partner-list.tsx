import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { buttonClasses } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { avatarInitial, displayName } from '@/lib/user'
import type { ChatPartner } from '../api/types'
import { OnlineDot } from './online-dot'

type PartnerListProps = {
  /** "Startups" for a student, "Students" for a startup. */
  heading: string
  partners: ChatPartner[]
  isLoading: boolean
  selectedId?: string
  /** The address that opens a partner's conversation on the current route. */
  linkTo: (partnerId: string) => string
}

/** The inbox's people: everyone the viewer may chat with, each with a Chat button. */
export function PartnerList({ heading, partners, isLoading, selectedId, linkTo }: PartnerListProps) {
  return (
    <section aria-labelledby="chat-partners-heading" className="flex flex-col border-t border-slate-200">
      <h2 id="chat-partners-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {isLoading ? (
        <p className="p-4 text-sm text-slate-500">Loading...</p>
      ) : partners.length === 0 ? (
        <p className="p-4 text-sm text-slate-500">No users found</p>
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
                  <p className="truncate text-sm text-slate-500">{p.email}</p>
                  {p.description && <p className="line-clamp-2 text-xs text-slate-500">{p.description}</p>}
                </div>
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
