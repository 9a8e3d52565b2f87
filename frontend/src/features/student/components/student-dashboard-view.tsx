import { Award, CalendarDays, CheckCircle2, ClipboardList, MessageCircle } from 'lucide-react'
import { type ReactNode } from 'react'
import { Link } from 'react-router'
import { PaymentStep } from '@/components/payments/payment-step'
import { RatingPanel } from '@/components/ratings/rate-form'
import { LazyLinkSubmitForm } from '@/components/tasks/lazy-link-submit-form'
import { OwnSubmission, submitLabelFor } from '@/components/tasks/own-submission'
import { ReasonList } from '@/components/matching/reason-list'
import { SkillList } from '@/components/tasks/skill-list'
import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { Avatar } from '@/components/ui/avatar'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DashboardSection, StatCard } from '@/components/ui/dashboard'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { DASHBOARD_SKILLS, labelOf } from '@/lib/tasks/constants'
import { formatPay } from '@/lib/tasks/pay'
import { formatDate, personName } from '@/lib/tasks/status'
import { avatarInitial, displayName } from '@/lib/user'
import { useWelcome } from '@/lib/welcome'
import type { RecommendedTask } from '@/types/matching'
import type { Task } from '@/types/tasks'
import type { StudentDashboard } from '../api/get-student-dashboard'
import { isDecided, pastWorkOf } from '../lib/decided'
import { PastWork } from './past-work'

export type StudentDashboardViewProps = {
  dashboard: QueryStatus<StudentDashboard>
  /** The notification bell; absent in the admin's read-only view. */
  bell?: ReactNode
  onSubmitLink: (taskId: string, link: string) => void
  submitting: { taskId?: string; isPending: boolean; error?: unknown }
  /** The student's payments by task: completed paid work shows its payment's step. */
  payments?: PaymentsBy
  /** The student's payout account (Stripe mode), above the cards. */
  payouts?: ReactNode
  /** The invitations waiting for an answer, beside Active Tasks; absent in the admin's view. */
  invitations?: ReactNode
  /** Open tasks ranked for the student: Available Tasks shows them, with why, unless there are none. */
  recommended?: RecommendedTask[]
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{children}</p>
}

/**
 * An active task: status, due date, title, description, category, 2 skills, startup, the
 * student's link with its revision, notes and History, and a new link when changes were asked.
 */
function ActiveTask({ task, onSubmitLink, submitting }: { task: Task } & Pick<StudentDashboardViewProps, 'onSubmitLink' | 'submitting'>) {
  const mine = task.submissions[0]
  const revisionLabel = submitLabelFor(mine)
  return (
    <li aria-label={task.title} className="space-y-2 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TaskStatusBadge status={task.displayStatus} forStudent />
        <span className="flex items-center gap-1 text-xs text-slate-500">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          Due {formatDate(task.deadline)}
        </span>
      </div>
      <TaskTitle task={task} />
      <p className="line-clamp-2 text-sm text-slate-600">{task.description}</p>
      <p className="text-xs text-slate-500">
        {labelOf(task.category)} · {personName(task.startup)} · {formatPay(task.budget, task.currency)}
      </p>
      <SkillList skills={task.skills} shown={DASHBOARD_SKILLS} />
      <OwnSubmission submission={mine} />
      {revisionLabel && (
        <LazyLinkSubmitForm
          taskTitle={task.title}
          submitLabel={revisionLabel}
          onSubmit={(link) => onSubmitLink(task._id, link)}
          isSubmitting={submitting.isPending && submitting.taskId === task._id}
          error={submitting.taskId === task._id ? submitting.error : undefined}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {/* The whole brief is on the task page. */}
        <Link to={paths.task(task._id)} aria-label={`View Details of ${task.title}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          View Details
        </Link>
        {task.startup && (
          <Link to={paths.chatWith(task.startup._id)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <MessageCircle className="size-4" aria-hidden="true" />
            Chat with {personName(task.startup)}
          </Link>
        )}
      </div>
    </li>
  )
}

/**
 * A task's title, a link to its page (cards everywhere open the task page: docs/marketplace.md,
 * "Screens: pay and the task page").
 */
function TaskTitle({ task }: { task: Task }) {
  return (
    <h3 className="font-semibold text-slate-900">
      <Link
        to={paths.task(task._id)}
        className="rounded hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {task.title}
      </Link>
    </h3>
  )
}

/**
 * The student dashboard (spec §2): header with the bell, cards, active tasks, available tasks with
 * an inline link submit, recently completed with their certificates, past (rejected or closed)
 * work with the startup's note, and networking.
 */
export function StudentDashboardView({
  dashboard,
  bell,
  onSubmitLink,
  submitting,
  payments,
  payouts,
  invitations,
  recommended,
}: StudentDashboardViewProps) {
  const { data } = dashboard
  const welcome = useWelcome(useCurrentUser()?._id)
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <title>Dashboard · Bridgework</title>
      <header className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          {data && <Avatar src={data.student.profilePicture} initials={avatarInitial(data.student)} alt={displayName(data.student)} size="lg" />}
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Student dashboard</h1>
            {data && (
              <p className="text-sm text-slate-600">
                {welcome}, {data.student.firstName || displayName(data.student)}. Your work, your certificates, your network.
              </p>
            )}
          </div>
        </div>
        {bell}
      </header>
      <QueryState query={dashboard} loadingLabel="Loading your dashboard" error="Failed to fetch dashboard">
        {(loaded) => (
          <>
            {payouts}
            <DashboardBody
              data={loaded}
              onSubmitLink={onSubmitLink}
              submitting={submitting}
              payments={payments}
              invitations={invitations}
              recommended={recommended}
            />
          </>
        )}
      </QueryState>
    </div>
  )
}

/** What Networking's Connect does: it opens a chat, there is no request to accept. */
export const NETWORKING_HINT = 'Connect opens a chat with the startup, to ask about its work.'

function DashboardBody({
  data,
  onSubmitLink,
  submitting,
  payments,
  invitations,
  recommended = [],
}: Pick<StudentDashboardViewProps, 'onSubmitLink' | 'submitting' | 'payments' | 'invitations' | 'recommended'> & { data: StudentDashboard }) {
  const { student, stats, availableTasks, recentlyCompleted, startups } = data
  // The tasks ranked for the student, best first; without any, the open market as before.
  const ranked = recommended.length > 0
  const available = ranked ? recommended : availableTasks.items.map((task) => ({ task, reasons: [] }))
  // Decided work leaves Active Tasks (docs/marketplace.md, "A first week"): approved work is in
  // Recently Completed, rejected and closed work in Past work with the startup's note.
  const activeTasks = data.activeTasks.filter((task) => !isDecided(task.submissions[0]?.status))
  const pastWork = pastWorkOf(data.tasks)
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card className="flex min-w-0 flex-col justify-between gap-3 p-5">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{displayName(student)}</p>
            <p className="truncate text-sm text-slate-600">{student.email}</p>
          </div>
          <Link to={paths.profile} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start' })}>
            Edit Profile
          </Link>
        </Card>
        <StatCard label="Active Tasks" value={stats.activeTasks} icon={<ClipboardList className="size-6" aria-hidden="true" />} />
        <StatCard label="Completed" value={stats.completed} icon={<CheckCircle2 className="size-6" aria-hidden="true" />} />
        <StatCard label="Certificates" value={stats.certificates} icon={<Award className="size-6" aria-hidden="true" />} />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {invitations}
        <DashboardSection title="Active Tasks">
          {activeTasks.length === 0 ? (
            <Empty>No active tasks</Empty>
          ) : (
            <ul className="space-y-3">
              {activeTasks.map((task) => (
                <ActiveTask key={task._id} task={task} onSubmitLink={onSubmitLink} submitting={submitting} />
              ))}
            </ul>
          )}
        </DashboardSection>

        <DashboardSection
          title="Available Tasks"
          action={
            availableTasks.total > 3 && (
              <Link to={ranked ? `${paths.tasks}?sort=best-match` : paths.tasks} className="text-sm font-medium text-indigo-700 hover:underline">
                View All Available Tasks
              </Link>
            )
          }
        >
          {available.length === 0 ? (
            <Empty>No available tasks at the moment</Empty>
          ) : (
            <ul className="space-y-3">
              {available.map(({ task, reasons }) => (
                <li key={task._id} className="space-y-2 rounded-xl border border-slate-200 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <TaskTitle task={task} />
                    <span className="text-xs text-slate-500">Due {formatDate(task.deadline)}</span>
                  </div>
                  <p className="line-clamp-2 text-sm text-slate-600">{task.description}</p>
                  <p className="text-xs text-slate-500">
                    {labelOf(task.category)} · {personName(task.startup)} · {formatPay(task.budget, task.currency)}
                  </p>
                  <SkillList skills={task.skills} shown={DASHBOARD_SKILLS} />
                  {reasons.length > 0 && (
                    <div className="space-y-1">
                      <p className="text-xs font-medium text-slate-700">Why this task</p>
                      <ReasonList reasons={reasons} label={`Why ${task.title}`} />
                    </div>
                  )}
                  <LazyLinkSubmitForm
                    taskTitle={task.title}
                    onSubmit={(link) => onSubmitLink(task._id, link)}
                    isSubmitting={submitting.isPending && submitting.taskId === task._id}
                    error={submitting.taskId === task._id ? submitting.error : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>

        <DashboardSection title="Recently Completed">
          {recentlyCompleted.length === 0 ? (
            <Empty>No completed tasks yet</Empty>
          ) : (
            <ul className="space-y-3">
              {recentlyCompleted.map((task) => (
                <li key={task._id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-4">
                  <div className="min-w-0">
                    <TaskTitle task={task} />
                    <p className="text-xs text-slate-500">
                      {personName(task.startup)} · Completed {formatDate(task.completedAt)}
                    </p>
                    <PaymentStep payment={payments?.get(task._id)} side="student" />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <TaskStatusBadge status={task.displayStatus} forStudent />
                    {task.certificateId && (
                      <Link to={paths.certificates} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                        <Award className="size-4" aria-hidden="true" />
                        View Certificate
                      </Link>
                    )}
                  </div>
                  {task.startup && (
                    <div className="w-full">
                      <RatingPanel
                        label="Rate startup"
                        taskId={task._id}
                        studentId={student._id}
                        rateeId={task.startup._id}
                        rateeName={personName(task.startup)}
                        closesAt={task.submissions[0]?.ratingClosesAt}
                      />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>

        <DashboardSection title="Past work">
          <PastWork tasks={pastWork} />
        </DashboardSection>

        <DashboardSection title="Networking">
          <p className="-mt-2 text-sm text-slate-600">{NETWORKING_HINT}</p>
          {startups.length === 0 ? (
            <Empty>No startups found</Empty>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {startups.map((s) => (
                <li key={s._id} className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 p-3">
                  <div className="flex min-w-0 items-center gap-2">
                    <Avatar src={s.logo} initials={(s.companyName || 'S')[0]!.toUpperCase()} size="sm" />
                    <span className="truncate text-sm font-medium text-slate-800">{personName(s)}</span>
                  </div>
                  <Link
                    to={paths.chatWith(s._id)}
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    aria-label={`Connect: message ${personName(s)}`}
                  >
                    Connect
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>
      </div>
    </>
  )
}
