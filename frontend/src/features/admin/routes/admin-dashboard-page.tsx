import { ArrowLeft, Building2, GraduationCap, LifeBuoy, ListChecks, ScrollText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button, buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Pagination } from '@/components/ui/pagination'
import { paths } from '@/config/paths'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import type { Paged } from '@/lib/api-client'
import { useAdminStats } from '../api/get-admin-stats'
import { useAdminUsers } from '../api/get-admin-users'
import { useHelpRequests } from '../api/get-help-requests'
import { HelpRequestsTable, StartupsTable, StudentsTable } from '../components/people-tables'

type View = 'home' | 'students' | 'startups' | 'help'

const titles: Record<Exclude<View, 'home'>, string> = { students: 'Students', startups: 'Startups', help: 'Help requests' }

/**
 * /admin/dashboard: totals, and tiles that switch between the home view and the students,
 * startups and help-request tables, each with Back to Dashboard. The view and page live in the
 * URL so Back and reload keep them.
 */
export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('view')
  const view: View = raw === 'students' || raw === 'startups' || raw === 'help' ? raw : 'home'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const go = (next: View, nextPage = 1) => setParams(next === 'home' ? {} : { view: next, page: String(nextPage) })

  const totals = useAdminStats()
  const students = useAdminUsers('students', page, view === 'students')
  const startups = useAdminUsers('startups', page, view === 'startups')
  const help = useHelpRequests(page, view === 'help')

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Admin dashboard · Bridgework</title>
      <h1 className="text-3xl font-bold text-slate-900">Admin dashboard</h1>
      {totals.isError && <Alert tone="error">Failed to fetch dashboard</Alert>}
      {view === 'home' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <Tile icon={<GraduationCap className="size-8" aria-hidden="true" />} label="Students" count={totals.data?.students} onClick={() => go('students')} />
          <Tile icon={<Building2 className="size-8" aria-hidden="true" />} label="Startups" count={totals.data?.startups} onClick={() => go('startups')} />
          <Card className="flex items-center gap-4 p-6">
            <span className="text-indigo-600">
              <ListChecks className="size-8" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm text-slate-600">Tasks</p>
              <p className="text-3xl font-bold text-slate-900">{totals.data?.tasks ?? '–'}</p>
            </div>
          </Card>
          <div className="flex flex-wrap gap-3 sm:col-span-3">
            <Button variant="outline" onClick={() => go('help')}>
              <LifeBuoy className="size-4" aria-hidden="true" /> Help requests
            </Button>
            <Link to={paths.admin.audit} className={buttonClasses({ variant: 'outline' })}>
              <ScrollText className="size-4" aria-hidden="true" /> Audit trail
            </Link>
          </div>
        </div>
      ) : (
        <section aria-labelledby="admin-table-title" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="admin-table-title" className="text-xl font-semibold text-slate-900">
              {titles[view]}
            </h2>
            <Button variant="outline" onClick={() => go('home')}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
            </Button>
          </div>
          {view === 'students' && (
            <PagedTable query={students} title={titles[view]} onPageChange={(p) => go(view, p)}>
              {(items) => <StudentsTable students={items} />}
            </PagedTable>
          )}
          {view === 'startups' && (
            <PagedTable query={startups} title={titles[view]} onPageChange={(p) => go(view, p)}>
              {(items) => <StartupsTable startups={items} />}
            </PagedTable>
          )}
          {view === 'help' && (
            <PagedTable query={help} title={titles[view]} onPageChange={(p) => go(view, p)}>
              {(items) => <HelpRequestsTable requests={items} />}
            </PagedTable>
          )}
        </section>
      )}
    </div>
  )
}

function Tile({ icon, label, count, onClick }: { icon: ReactNode; label: string; count?: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="text-indigo-600">{icon}</span>
      <span>
        <span className="block text-sm text-slate-600">{label}</span>
        <span className="block text-3xl font-bold text-slate-900">{count ?? '–'}</span>
      </span>
    </button>
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
