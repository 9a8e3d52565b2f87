import { Link } from 'react-router'
import { submissionStatus, submissionTone } from '@/components/people/format'
import { Badge } from '@/components/ui/badge'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import type { AdminStartupDashboard } from '../api/types'
import { StatCard } from './stat-card'
import { personName, SubmissionLink } from './task-card'

const RECENT_TASKS = 5

/**
 * The startup dashboard as the admin sees it: stats, the submissions table without Approve or
 * Reject, Recent Tasks with their assignee, and Company Stats. No bell, no posting, no chat.
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
        <h2 id="subs-title" className="text-xl font-semibold text-slate-900">Submissions</h2>
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3">Task</th>
                <th scope="col" className="px-4 py-3">Student</th>
                <th scope="col" className="px-4 py-3">Submission Link</th>
                <th scope="col" className="px-4 py-3">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.submissions.length === 0 && (
                <tr>
                  <td colSpan={4} className="px-4 py-8 text-center text-slate-500">No submissions yet.</td>
                </tr>
              )}
              {data.submissions.map((s) => {
                const status = submissionStatus(s.status)
                return (
                  <tr key={s._id}>
                    <td className="px-4 py-3 font-medium text-slate-900">{s.task.title}</td>
                    <td className="px-4 py-3">{personName(s.student)}</td>
                    <td className="px-4 py-3"><SubmissionLink link={s.link} /></td>
                    <td className="px-4 py-3">
                      <Badge tone={submissionTone[status] ?? 'neutral'} className="capitalize">{status}</Badge>
                      <span className="mt-1 block text-xs capitalize text-slate-500">{s.task.displayStatus}</span>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="recent-title" className="space-y-3 lg:col-span-2">
          <h2 id="recent-title" className="text-xl font-semibold text-slate-900">Recent Tasks</h2>
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
          <h2 id="company-stats-title" className="text-lg font-semibold text-slate-900">Company Stats</h2>
          <p className="text-sm text-slate-600">Company: <span className="font-medium text-slate-900">{startup.companyName}</span></p>
          <p className="text-sm text-slate-600">Tier: <span className="font-medium capitalize text-slate-900">{startup.tier || 'free'}</span></p>
          <p className="text-sm text-slate-600">Students currently working: <span className="font-medium text-slate-900">{stats.studentsWorking}</span></p>
        </Card>
      </div>
    </div>
  )
}
