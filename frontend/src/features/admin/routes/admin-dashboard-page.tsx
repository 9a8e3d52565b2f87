import { ArrowLeft, Building2, GraduationCap, LifeBuoy, ListChecks, ScrollText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Pagination } from '@/components/ui/pagination'
import { paths } from '@/config/paths'
import { QueryError, QueryState, type QueryStatus } from '@/components/ui/query-state'
import type { Paged } from '@/lib/api-client'
import { useUrlQuery } from '@/lib/use-url-query'
import { useAdminActivity } from '../api/get-admin-activity'
import { useAdminStats } from '../api/get-admin-stats'
import { useAdminUsers, type AdminUsersSort } from '../api/get-admin-users'
import { useHelpRequests } from '../api/get-help-requests'
import { SubmissionsByStatus, WeeklyActivityChart } from '../components/activity-chart'
import { Figure, Tile } from '../components/dashboard-tiles'
import { PeopleSearch } from '../components/people-search'
import { HelpRequestsTable, StartupsTable, StudentsTable } from '../components/people-tables'

type View = 'home' | 'students' | 'startups' | 'help'

const titles: Record<Exclude<View, 'home'>, string> = { students: 'Students', startups: 'Startups', help: 'Help requests' }

/** A view of this dashboard, on the path it is shown at (/admin/dashboard or /dashboard). */
const viewUrl = (view: Exclude<View, 'home'>) => `?view=${view}`

type Query = { view: View; page: number; search: string; sort: AdminUsersSort }

function readQuery(params: URLSearchParams): Query {
  const view = params.get('view')
  return {
    view: view === 'students' || view === 'startups' || view === 'help' ? view : 'home',
    page: Math.max(1, Number(params.get('page')) || 1),
    search: params.get('search') ?? '',
    sort: params.get('sort') === 'name' ? 'name' : 'newest',
  }
}

/** Home has nothing to keep; the help requests are neither searched nor sorted. */
function writeQuery({ view, page, search, sort }: Query): URLSearchParams {
  const out = new URLSearchParams()
  if (view === 'home') return out
  out.set('view', view)
  out.set('page', String(page))
  if (view !== 'help' && search.trim()) out.set('search', search.trim())
  if (view !== 'help' && sort !== 'newest') out.set('sort', sort)
  return out
}

/**
 * /admin/dashboard: tiles leading to the students, startups and help-request tables (each with
 * Back to Dashboard) and the audit trail, this week's figures and a chart of the last weeks.
 * The view, page, search and sort live in the URL so Back, reload and a shared link keep them.
 */
export function AdminDashboardPage() {
  const [{ view, page, search, sort }, change] = useUrlQuery(readQuery, writeQuery)
  // A new search or sort starts again at page 1.
  const go = (changes: Partial<Omit<Query, 'view'>>) => change((latest) => ({ ...latest, page: 1, ...changes }))

  const totals = useAdminStats()
  const activity = useAdminActivity()
  const users = { page, search, sort }
  const students = useAdminUsers('students', users, view === 'students')
  const startups = useAdminUsers('startups', users, view === 'startups')
  const help = useHelpRequests(page, view === 'help')
  const noMatch = (noun: string) => (search ? `No ${noun} match your search.` : `No ${noun} yet.`)

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Admin dashboard · Bridgework</title>
      <h1 className="text-3xl font-bold text-slate-900">Admin dashboard</h1>
      {totals.isError && (
        <QueryError onRetry={totals.refetch} isRetrying={totals.isRefetching}>
          Failed to fetch dashboard
        </QueryError>
      )}
      {view === 'home' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Tile
              to={viewUrl('students')}
              icon={<GraduationCap className="size-8" aria-hidden="true" />}
              label="Students"
              count={totals.data?.students}
            />
            <Tile
              to={viewUrl('startups')}
              icon={<Building2 className="size-8" aria-hidden="true" />}
              label="Startups"
              count={totals.data?.startups}
            />
            <Tile to="#activity" icon={<ListChecks className="size-8" aria-hidden="true" />} label="Tasks" count={totals.data?.tasks} />
            <Tile
              to={viewUrl('help')}
              icon={<LifeBuoy className="size-8" aria-hidden="true" />}
              label="Help requests"
              count={null}
              hint="Call-back requests"
            />
            <Tile
              to={paths.admin.audit}
              icon={<ScrollText className="size-8" aria-hidden="true" />}
              label="Audit trail"
              count={null}
              hint="Who did what, when"
            />
          </div>
          <section id="activity" aria-labelledby="activity-title" className="scroll-mt-20 space-y-4">
            <h2 id="activity-title" className="text-xl font-semibold text-slate-900">
              Activity
            </h2>
            <QueryState query={activity} loadingLabel="Loading activity" error="Failed to load activity">
              {(a) => (
                <>
                  <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                    <Figure label="Sign-ups this week" value={a.thisWeek.signups} />
                    <Figure label="Submissions this week" value={a.thisWeek.submissions} />
                    <Figure label="Certificates this week" value={a.thisWeek.certificates} />
                    <Figure label="Open tasks" value={a.thisWeek.openTasks} />
                  </dl>
                  <div className="grid gap-4 lg:grid-cols-3">
                    <Card className="min-w-0 p-5 lg:col-span-2">
                      <h3 className="mb-3 font-semibold text-slate-900">Last {a.weeks.length} weeks</h3>
                      <WeeklyActivityChart weeks={a.weeks} />
                    </Card>
                    <Card className="min-w-0 p-5">
                      <h3 className="mb-3 font-semibold text-slate-900">Submissions by status</h3>
                      <SubmissionsByStatus counts={a.submissionsByStatus} />
                    </Card>
                  </div>
                </>
              )}
            </QueryState>
          </section>
        </>
      ) : (
        <section aria-labelledby="admin-table-title" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="admin-table-title" className="text-xl font-semibold text-slate-900">
              {titles[view]}
            </h2>
            <Link to={{ search: '' }} className={buttonClasses({ variant: 'outline' })}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
            </Link>
          </div>
          {(view === 'students' || view === 'startups') && (
            <PeopleSearch noun={view} search={search} sort={sort} onSearch={(next) => go({ search: next })} onSort={(next) => go({ sort: next })} />
          )}
          {view === 'students' && (
            <PagedTable query={students} title={titles[view]} onPageChange={(p) => go({ page: p })}>
              {(items) => <StudentsTable students={items} emptyText={noMatch('students')} />}
            </PagedTable>
          )}
          {view === 'startups' && (
            <PagedTable query={startups} title={titles[view]} onPageChange={(p) => go({ page: p })}>
              {(items) => <StartupsTable startups={items} emptyText={noMatch('startups')} />}
            </PagedTable>
          )}
          {view === 'help' && (
            <PagedTable query={help} title={titles[view]} onPageChange={(p) => go({ page: p })}>
              {(items) => <HelpRequestsTable requests={items} />}
            </PagedTable>
          )}
        </section>
      )}
    </div>
  )
}

type PagedTableProps<T> = {
  query: QueryStatus<Paged<T>>
  title: string
  onPageChange: (page: number) => void
  children: (items: T[]) => ReactNode
}

/** One of the tables, a page at a time, with its pager and its loading and failure states. */
function PagedTable<T>({ query, title, onPageChange, children }: PagedTableProps<T>) {
  return (
    <QueryState query={query} loadingLabel={`Loading ${title.toLowerCase()}`} error="Failed to load users">
      {(page) => (
        <>
          {children(page.items)}
          <Pagination paged={page} onPageChange={onPageChange} label={`${title} pages`} />
        </>
      )}
    </QueryState>
  )
}
