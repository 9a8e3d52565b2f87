import { Award } from 'lucide-react'
import { Link } from 'react-router'
import { formatDay } from '@/components/people/format'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import type { AdminStudentDashboard, AdminTask } from '../api/types'
import { StatCard } from './stat-card'
import { personName, SubmissionLink, TaskCard } from './task-card'

/** Spec §9 dashboard sizes. */
const AVAILABLE_SHOWN = 3
const COMPLETED_SHOWN = 3
const STARTUPS_SHOWN = 8
const DASHBOARD_SKILLS = 2

/** The student's own submission link on a task, if any. */
export function ownLink(task: AdminTask, studentId: string): string | undefined {
  return task.submissions.find((s) => s.student?._id === studentId)?.link
}

/**
 * The student dashboard as the admin sees it (spec §2): the same layout with no bell, no submit
 * and no chat; View Profile goes to the admin's profile page; completed tasks show the
 * submission link or "No submission link".
 */
export function AdminStudentDashboardView({ data }: { data: AdminStudentDashboard }) {
  const { user, stats } = data
  const available = data.availableTasks.items.slice(0, AVAILABLE_SHOWN)
  const completed = data.recentlyCompleted.slice(0, COMPLETED_SHOWN)
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card className="flex flex-col justify-between gap-3 p-5">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{[user.firstName, user.lastName].filter(Boolean).join(' ')}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <Link to={paths.admin.studentProfile(user._id)} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
            View Profile
          </Link>
        </Card>
        <StatCard label="Active Tasks" value={stats.activeTasks} />
        <StatCard label="Completed" value={stats.completed} />
        <StatCard label="Certificates" value={stats.certificates} />
      </div>

      <section aria-labelledby="active-title" className="space-y-3">
        <h2 id="active-title" className="text-xl font-semibold text-slate-900">
          Active Tasks
        </h2>
        {data.activeTasks.length === 0 ? (
          <p className="text-slate-500">No active tasks</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {data.activeTasks.map((task) => (
              <TaskCard key={task._id} task={task} skillsShown={DASHBOARD_SKILLS} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="available-title" className="space-y-3">
        <h2 id="available-title" className="text-xl font-semibold text-slate-900">
          Available Tasks
        </h2>
        {available.length === 0 ? (
          <p className="text-slate-500">No available tasks at the moment</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            {available.map((task) => (
              <TaskCard key={task._id} task={task} skillsShown={DASHBOARD_SKILLS} />
            ))}
          </div>
        )}
        {data.availableTasks.total > AVAILABLE_SHOWN && (
          <Link to={paths.admin.studentTasks(user._id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            View All Available Tasks
          </Link>
        )}
      </section>

      <section aria-labelledby="completed-title" className="space-y-3">
        <h2 id="completed-title" className="text-xl font-semibold text-slate-900">
          Recently Completed
        </h2>
        {completed.length === 0 ? (
          <p className="text-slate-500">No completed tasks yet</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {completed.map((task) => (
              <li key={task._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4 text-sm">
                <span className="min-w-0 flex-1 break-words font-medium text-slate-900">{task.title}</span>
                <span className="text-slate-500">{formatDay(task.completedAt ?? undefined)}</span>
                <SubmissionLink link={ownLink(task, user._id)} />
                {task.certificateId && (
                  <span className="inline-flex items-center gap-1 text-emerald-700">
                    <Award className="size-4" aria-hidden="true" /> Certificate issued
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="network-title" className="space-y-3">
        <h2 id="network-title" className="text-xl font-semibold text-slate-900">
          Networking
        </h2>
        {data.startups.length === 0 ? (
          <p className="text-slate-500">No startups found</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {data.startups.slice(0, STARTUPS_SHOWN).map((s) => (
              <li key={s._id}>
                <Link
                  to={paths.admin.startup(s._id)}
                  className="block rounded-xl border border-slate-200 bg-white p-4 text-sm font-medium text-slate-900 hover:border-indigo-300"
                >
                  {personName(s)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
