import { Briefcase, Building2, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { buttonClasses } from '@/components/ui/button'
import { DashboardSection, StatCard } from '@/components/ui/dashboard'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { formatPay } from '@/lib/tasks/pay'
import { assigneeLabel, formatDate } from '@/lib/tasks/status'
import { displayName, tierHint } from '@/lib/user'
import { useWelcome } from '@/lib/welcome'
import type { SubmissionRow } from '@/types/tasks'
import type { StartupDashboard } from '../api/get-startup-dashboard'
import type { ReviewAction, ReviewOutcome } from '../api/review-submission'
import { SubmissionsReviewTable } from './submissions-review-table'

export type StartupDashboardViewProps = {
  dashboard: QueryStatus<StartupDashboard>
  /** The notification bell; absent in the admin's read-only view. */
  bell?: ReactNode
  onAction: (row: SubmissionRow, action: ReviewAction) => Promise<ReviewOutcome>
  busy?: string
  busyAction?: ReviewAction['kind']
  /** The startup's payments by submission, on the approved rows. */
  payments?: PaymentsBy
}

/**
 * The startup dashboard (spec §2): greeting and bell, Browse Students and Post New Work, stat
 * cards, the submissions table, Recent Tasks, Quick Actions and Company Stats.
 */
export function StartupDashboardView({ dashboard, bell, onAction, busy, busyAction, payments }: StartupDashboardViewProps) {
  const { data } = dashboard
  const welcome = useWelcome(useCurrentUser()?._id)
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <title>Dashboard · Bridgework</title>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Startup dashboard</h1>
          {data && (
            <p className="text-sm text-slate-600">
              {welcome}, {displayName(data.startup)}. Here is what is happening with your work.
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          {bell}
          <Link to={paths.startup.browseStudents} className={buttonClasses({ variant: 'outline' })}>
            Browse Students
          </Link>
          <Link to={paths.startup.postWork} className={buttonClasses()}>
            Post New Work
          </Link>
        </div>
      </header>
      <QueryState query={dashboard} loadingLabel="Loading your dashboard" error="Failed to fetch dashboard">
        {(loaded) => <DashboardBody data={loaded} onAction={onAction} busy={busy} busyAction={busyAction} payments={payments} />}
      </QueryState>
    </div>
  )
}

/** What each figure counts, so the two never read as a contradiction. */
export const HIRED_HINT = 'Different students whose work you approved, each counted once'
export const WORKING_HINT = 'Students with a link waiting on an open task'

function DashboardBody({
  data,
  onAction,
  busy,
  busyAction,
  payments,
}: Omit<StartupDashboardViewProps, 'dashboard' | 'bell'> & { data: StartupDashboard }) {
  const { startup, stats, tasks, submissions } = data
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard label="Active Tasks" value={stats.activeTasks} icon={<Briefcase className="size-6" aria-hidden="true" />} />
        <StatCard label="Students Hired" value={stats.studentsHired} hint={HIRED_HINT} icon={<Users className="size-6" aria-hidden="true" />} />
      </div>

      <DashboardSection
        title="Submissions"
        action={
          <Link to={paths.startup.submissions} className="text-sm font-medium text-indigo-700 hover:underline">
            View all submissions
          </Link>
        }
      >
        {submissions.length === 0 ? (
          <p className="text-sm text-slate-500">No submissions yet.</p>
        ) : (
          <SubmissionsReviewTable rows={submissions} onAction={onAction} busy={busy} busyAction={busyAction} payments={payments} />
        )}
      </DashboardSection>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DashboardSection title="Recent Tasks">
            {tasks.length === 0 ? (
              <p className="text-sm text-slate-500">No tasks posted yet</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {tasks.map((task) => (
                  <li key={task._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <Link to={paths.startup.task(task._id)} className="font-medium text-indigo-700 hover:underline">
                        {task.title}
                      </Link>
                      <p className="text-xs text-slate-500">
                        Due {formatDate(task.deadline)} · {formatPay(task.budget, task.currency)} · {assigneeLabel(task)}
                      </p>
                    </div>
                    <TaskStatusBadge status={task.displayStatus} />
                  </li>
                ))}
              </ul>
            )}
          </DashboardSection>
        </div>
        <div className="space-y-6">
          <DashboardSection title="Quick Actions">
            <div className="flex flex-col gap-2">
              <Link to={paths.startup.tasks} className={buttonClasses({ variant: 'outline' })}>
                View My Works
              </Link>
              <Link to={paths.startup.browseStudents} className={buttonClasses({ variant: 'outline' })}>
                Browse Students
              </Link>
              <Link to={paths.profile} className={buttonClasses({ variant: 'outline' })}>
                Update Profile
              </Link>
            </div>
          </DashboardSection>
          <DashboardSection title="Company Stats">
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="sr-only">Company name</dt>
                <dd className="flex items-center gap-2 font-medium text-slate-800">
                  <Building2 className="size-4 text-slate-400" aria-hidden="true" />
                  {startup.companyName || displayName(startup)}
                </dd>
              </div>
              <div className="grid grid-cols-[1fr_auto]">
                <dt className="text-slate-600">Tier</dt>
                <dd className="font-medium capitalize text-slate-800">{startup.tier || 'free'}</dd>
                <TierHint tier={startup.tier} />
              </div>
              <div className="grid grid-cols-[1fr_auto]">
                <dt className="text-slate-600">Students currently working</dt>
                <dd className="font-medium text-slate-800">{stats.studentsWorking}</dd>
                <dd className="col-span-2 text-xs text-slate-500">{WORKING_HINT}</dd>
              </div>
            </dl>
          </DashboardSection>
        </div>
      </div>
    </>
  )
}

/** What the startup's plan means, under its name: a second description of the Tier term. */
function TierHint({ tier }: { tier?: string }) {
  const hint = tierHint(tier)
  return hint ? <dd className="col-span-2 text-xs text-slate-500">{hint}</dd> : null
}
