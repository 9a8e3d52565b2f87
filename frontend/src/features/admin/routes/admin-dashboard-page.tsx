import { ArrowLeft, Building2, GraduationCap, LifeBuoy, ListChecks } from 'lucide-react'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Pagination } from '@/components/ui/pagination'
import { Spinner } from '@/components/ui/spinner'
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
  const active = view === 'students' ? students : view === 'startups' ? startups : help

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
          <Button variant="outline" className="sm:col-span-3 sm:justify-self-start" onClick={() => go('help')}>
            <LifeBuoy className="size-4" aria-hidden="true" /> Help requests
          </Button>
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
          {active.isPending && (
            <div className="flex justify-center py-12 text-indigo-600">
              <Spinner size="lg" label={`Loading ${titles[view].toLowerCase()}`} />
            </div>
          )}
          {active.isError && <Alert tone="error">Failed to load users</Alert>}
          {view === 'students' && students.data && <StudentsTable students={students.data.items} />}
          {view === 'startups' && startups.data && <StartupsTable startups={startups.data.items} />}
          {view === 'help' && help.data && <HelpRequestsTable requests={help.data.items} />}
          {active.data && <Pagination paged={active.data} onPageChange={(p) => go(view, p)} label={`${titles[view]} pages`} />}
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
