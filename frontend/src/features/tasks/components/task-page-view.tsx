import { CalendarDays, Clock, Gauge, Paperclip, RefreshCw, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PaymentRecordLine } from '@/components/payments/payment-record'
import { PayTerms } from '@/components/payments/pay-terms'
import { LinkSubmitForm } from '@/components/tasks/link-submit-form'
import { OwnSubmission, submitLabelFor } from '@/components/tasks/own-submission'
import { SkillList } from '@/components/tasks/skill-list'
import { TaskImages, taskFiles } from '@/components/tasks/task-images'
import { TaskStatusBadge } from '@/components/tasks/task-status-badge'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { paths } from '@/config/paths'
import { loginPath } from '@/lib/return-to'
import { labelOf } from '@/lib/tasks/constants'
import { formatDate, personName } from '@/lib/tasks/status'
import type { UserType } from '@/types/api'
import type { TaskPage } from '@/types/tasks'
import type { SubmitState } from './tasks-page-view'

export const SIGN_IN_TO_SUBMIT = 'Sign in to submit your work'

export type TaskPageViewProps = {
  task: TaskPage
  viewer: UserType | null
  viewerId?: string
  submit: Omit<SubmitState, 'taskId'>
  onSubmitLink: (link: string) => void
  /**
   * The submission a "changes requested" notification opened the page for (`?revise=`): when it
   * is the viewer's and awaits a revision, the form opens with its input focused.
   */
  revise?: string | null
}

function Fact({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
        {icon}
        {label}
      </dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * A student may send a link while their submission is not yet under review or decided, and the
 * next revision after the startup asked for changes.
 */
/** The server's words for a new submission to a task past its deadline. */
export const DEADLINE_PASSED = "This task's deadline has passed"

/** Whether the viewer may send a link: past the deadline only work already submitted may still be revised. */
function canSubmit(task: TaskPage): boolean {
  const open = task.displayStatus === 'open' || task.displayStatus === 'submitted' || task.displayStatus === 'changes_requested'
  return open && (!task.deadlinePassed || Boolean(task.mySubmission))
}

/** /tasks/:id: a task's full brief for visitors, students and startups, and a student's link. */
export function TaskPageView({ task, viewer, viewerId, submit, onSubmitLink, revise }: TaskPageViewProps) {
  const student = viewer === 'student'
  const mine = task.mySubmission ?? undefined
  const owner = viewer === 'startup' && viewerId === task.startup?._id
  const revising = Boolean(revise) && mine?._id === revise && mine?.status === 'changes_requested'
  const attachments = taskFiles(task)
  return (
    <article aria-labelledby="task-title" className="space-y-6">
      <title>{`${task.title} · Bridgework`}</title>
      <Link to={paths.tasks} className="text-sm font-medium text-indigo-700 hover:underline">
        ← All tasks
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 id="task-title" className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {task.title}
          </h1>
          <TaskStatusBadge status={task.displayStatus || task.status} forStudent={student} />
        </div>
        {task.startup && (
          <p className="flex flex-wrap items-center gap-2 text-slate-600">
            <span>Posted by</span>
            {viewer ? (
              <Link to={paths.startup.detail(task.startup._id)} className="font-medium text-indigo-700 hover:underline">
                {personName(task.startup)}
              </Link>
            ) : (
              <span className="font-medium text-slate-900">{personName(task.startup)}</span>
            )}
            {task.startup.verifiedDomain && <VerifiedBadge domain={task.startup.verifiedDomain} />}
          </p>
        )}
        <PaymentRecordLine record={task.startup?.paymentRecord} />
        <p className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Wallet className="size-5 text-indigo-600" aria-hidden="true" />
          <span>
            <span className="sr-only">Pay: </span>
            <PayTerms task={task} />
          </span>
        </p>
      </header>

      <Card className="space-y-5 p-5 sm:p-6">
        <section aria-labelledby="brief" className="space-y-2">
          <h2 id="brief" className="text-lg font-semibold text-slate-900">
            The brief
          </h2>
          <p className="whitespace-pre-line break-words text-slate-700">{task.description}</p>
        </section>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact icon={<CalendarDays className="mt-0.5 size-4 text-slate-400" aria-hidden="true" />} label="Deadline">
            {formatDate(task.deadline)}
          </Fact>
          <Fact label="Category">
            {labelOf(task.category)} · {labelOf(task.workType)}
          </Fact>
          {task.estimatedHours > 0 && (
            <Fact icon={<Clock className="mt-0.5 size-4 text-slate-400" aria-hidden="true" />} label="Estimated hours">
              {task.estimatedHours} h
            </Fact>
          )}
          {task.difficulty && (
            <Fact icon={<Gauge className="mt-0.5 size-4 text-slate-400" aria-hidden="true" />} label="Difficulty">
              {labelOf(task.difficulty)}
            </Fact>
          )}
          <Fact label="Priority">{labelOf(task.priority)}</Fact>
          <Fact icon={<RefreshCw className="mt-0.5 size-4 text-slate-400" aria-hidden="true" />} label="Revision rounds">
            {task.revisionRounds === 0 ? 'No revisions' : `Up to ${task.revisionRounds}`}
          </Fact>
        </dl>
        <section aria-labelledby="skills" className="space-y-2">
          <h2 id="skills" className="text-sm font-semibold text-slate-900">
            Skills
          </h2>
          <SkillList skills={task.skills} shown={task.skills.length} />
        </section>
        <TaskImages task={task} />
        {attachments.length > 0 && (
          <section aria-labelledby="attachments" className="space-y-2">
            <h2 id="attachments" className="text-sm font-semibold text-slate-900">
              Attachments
            </h2>
            <ul className="space-y-1">
              {attachments.map((a) => (
                <li key={a.href}>
                  <a
                    href={a.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 break-all text-sm text-indigo-700 hover:underline"
                  >
                    <Paperclip className="size-4 shrink-0" aria-hidden="true" />
                    {a.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Card>

      <section aria-labelledby="your-work" className="space-y-3">
        <h2 id="your-work" className="text-lg font-semibold text-slate-900">
          {student ? 'Your work' : 'Submit your work'}
        </h2>
        {viewer === null && (
          <Link to={loginPath(paths.task(task._id))} className={buttonClasses()}>
            {SIGN_IN_TO_SUBMIT}
          </Link>
        )}
        {student && (
          <div className="space-y-3">
            {mine && (
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                Your submission: <TaskStatusBadge status={mine.status} />
              </p>
            )}
            <OwnSubmission submission={mine} />
            {canSubmit(task) ? (
              <LinkSubmitForm
                taskTitle={task.title}
                submitLabel={submitLabelFor(mine)}
                defaultLink={mine?.status === 'changes_requested' ? '' : mine?.link}
                onSubmit={onSubmitLink}
                isSubmitting={submit.isSubmitting}
                error={submit.error}
                submittedAt={submit.submittedAt[task._id]}
                focusOnOpen={revising}
              />
            ) : (
              !mine && (
                <p className="text-sm text-slate-600">
                  {task.deadlinePassed ? `${DEADLINE_PASSED}: it takes no new submissions.` : 'This task no longer takes submissions.'}
                </p>
              )
            )}
          </div>
        )}
        {owner && (
          <Link to={paths.startup.task(task._id)} className={buttonClasses({ variant: 'outline' })}>
            Manage this task
          </Link>
        )}
        {viewer !== null && !student && !owner && <p className="text-sm text-slate-600">Students submit a link to their work here.</p>}
      </section>
    </article>
  )
}
