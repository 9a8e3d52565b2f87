import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { avatarInitial, displayName } from '@/lib/user'
import type { User } from '@/types/api'

type Kind = 'student' | 'startup'

const tabs = (kind: Kind, id: string) =>
  kind === 'student'
    ? [
        { to: paths.admin.student(id), label: 'Dashboard' },
        { to: paths.admin.studentTasks(id), label: 'Tasks' },
        { to: paths.admin.studentProfile(id), label: 'Profile' },
      ]
    : [
        { to: paths.admin.startup(id), label: 'Dashboard' },
        { to: paths.admin.startupTasks(id), label: 'Tasks' },
        { to: paths.admin.startupProfile(id), label: 'Profile' },
      ]

type AdminPersonLayoutProps<T> = {
  kind: Kind
  id: string
  title: string
  query: QueryStatus<T> & { error: unknown }
  /** Who the page is about, in the query's answer. */
  personOf: (data: T) => User
  children: (data: T) => ReactNode
}

/**
 * The frame of the admin's read-only pages about one student or startup: back link, who it is,
 * tabs between dashboard, tasks and profile, and the loading and failure states. There is no
 * bell, no chat and nothing that changes anything.
 */
export function AdminPersonLayout<T>({ kind, id, title, query, personOf, children }: AdminPersonLayoutProps<T>) {
  const notFound = isApiError(query.error) && query.error.status === 404
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>{`${title} · Bridgework`}</title>
      <Link to={`${paths.admin.dashboard}?view=${kind}s`} className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
      </Link>
      <h1 className="text-sm font-medium uppercase tracking-wide text-indigo-600">{title}</h1>
      <QueryState
        query={query}
        loadingLabel="Loading"
        error={notFound ? (kind === 'student' ? 'Student not found.' : 'Startup not found.') : 'Failed to fetch dashboard'}
      >
        {(data) => {
          const person = personOf(data)
          return (
            <>
              <header className="flex flex-wrap items-center gap-4">
                <Avatar src={person.profilePicture} initials={avatarInitial(person)} alt={displayName(person)} size="lg" />
                <div className="min-w-0 flex-1">
                  <h2 className="break-words text-2xl font-bold text-slate-900">{displayName(person)}</h2>
                  <p className="break-all text-sm text-slate-600">{person.email}</p>
                </div>
              </header>
              <nav aria-label={`${kind === 'student' ? 'Student' : 'Startup'} pages`} className="flex gap-1 border-b border-slate-200">
                {tabs(kind, id).map((tab) => (
                  <NavLink
                    key={tab.to}
                    to={tab.to}
                    end
                    className={({ isActive }) =>
                      cn(
                        '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
                        isActive ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900',
                      )
                    }
                  >
                    {tab.label}
                  </NavLink>
                ))}
              </nav>
              {children(data)}
            </>
          )
        }}
      </QueryState>
    </div>
  )
}
