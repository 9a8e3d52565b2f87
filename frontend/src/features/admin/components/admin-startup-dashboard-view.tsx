import { Link } from 'react-router'
import { SubmissionsTable } from '@/components/tasks/submissions-table'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { tierHint } from '@/lib/user'
import type { AdminStartupDashboard } from '../api/types'
import { StatCard } from './stat-card'
import { personName } from './task-card'

const RECENT_TASKS = 5

/**
 * The startup dashboard as the admin sees it: stats, the startup's submissions table without
 * Actions (no Approve or Reject) and without links to the startup's own task pages, Recent Tasks
 * with their assignee, and Company Stats. No bell, no posting, no chat.
 */
export function AdminStartupDashboardView({ data }: { data: AdminStartupDashboard }) {
  const { startup, stats } = data
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Active Tasks" value={stats.activeTasks} />
        <StatCard label="Students Hired" value={stats.studentsHired} />
        <Card className="flex flex-col justify-between gap-3 p-5">
          <p className="text-sm text-slate-600">Company profile</p>
          <Link to={paths.admin.startupProfile(startup._id)} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
            View Profile
          </Link>
        </Card>
      </div>

      <section aria-labelledby="subs-title" className="space-y-3">
        <h2 id="subs-title" className="text-xl font-semibold text-slate-900">
          Submissions
        </h2>
        {data.submissions.length === 0 ? (
          <p className="text-slate-500">No submissions yet.</p>
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-white p-2">
            <SubmissionsTable rows={data.submissions} />
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="recent-title" className="space-y-3 lg:col-span-2">
          <h2 id="recent-title" className="text-xl font-semibold text-slate-900">
            Recent Tasks
          </h2>
          {data.tasks.length === 0 ? (
            <p className="text-slate-500">No tasks posted yet</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {data.tasks.slice(0, RECENT_TASKS).map((task) => (
                <li key={task._id} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
                  <span className="min-w-0 break-words font-medium text-slate-900">{task.title}</span>
                  <span className="text-slate-600">{task.assignedStudent ? personName(task.assignedStudent) : 'Unassigned'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <Card className="space-y-2 p-5" aria-labelledby="company-stats-title">
          <h2 id="company-stats-title" className="text-lg font-semibold text-slate-900">
            Company Stats
          </h2>
          <p className="text-sm text-slate-600">
            Company: <span className="font-medium text-slate-900">{startup.companyName}</span>
          </p>
          <p className="text-sm text-slate-600">
            Tier: <span className="font-medium capitalize text-slate-900">{startup.tier || 'free'}</span>
          </p>
          {tierHint(startup.tier) && <p className="text-xs text-slate-500">{tierHint(startup.tier)}</p>}
          <p className="text-sm text-slate-600">
            Students currently working: <span className="font-medium text-slate-900">{stats.studentsWorking}</span>
          </p>
        </Card>
      </div>
    </div>
  )
}
