import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PaymentStep } from '@/components/payments/payment-step'
import { RatingPanel } from '@/components/ratings/rate-form'
import { LinkSubmitForm } from '@/components/tasks/link-submit-form'
import { OwnSubmission, submitLabelFor } from '@/components/tasks/own-submission'
import { TaskCard } from '@/components/tasks/task-card'
import { Button, buttonClasses } from '@/components/ui/button'
import type { QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import type { Paged } from '@/lib/api-client'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { loginPath } from '@/lib/return-to'
import { personName } from '@/lib/tasks/status'
import type { UserType } from '@/types/api'
import type { Task, TaskQuery } from '@/types/tasks'
import type { PayCurrencies } from './budget-filter'
import { TaskFilters } from './task-filters'
import { TaskListSection } from './task-list-section'

/** One list of the page with its query state. */
export type TaskListState = QueryStatus<Paged<Task>>

export type SubmitState = {
  /** The task whose link is being sent. */
  taskId?: string
  isSubmitting: boolean
  error?: unknown
  /** Per task: when its last link was accepted (clears that card's input). */
  submittedAt: Record<string, number>
}

export type TasksPageViewProps = {
  viewer: UserType | null
  /** The signed-in user's id (a student rates the startup as themselves). */
  viewerId?: string
  query: TaskQuery
  /** Changes these of the query's fields, keeping the rest as the URL has them. */
  onQueryChange: (change: Partial<TaskQuery>) => void
  onAssignedPageChange: (page: number) => void
  onSubmittedPageChange: (page: number) => void
  /** Resets the search and every filter (the URL's). */
  onClearFilters: () => void
  /** Students: the tasks a startup assigned to them (absent when the Source filter leaves them out). */
  assigned?: TaskListState
  /** Students: the other tasks they submitted to (absent when the Source filter leaves them out). */
  submitted?: TaskListState
  /** Students and visitors: open tasks. Startups: their posted tasks. */
  main: TaskListState
  submit: SubmitState
  onSubmitLink: (taskId: string, link: string) => void
  /** Students: "Save this search", beside the filters. */
  saveSearch?: ReactNode
  /** Students: their payments by task, shown on their completed paid work. */
  payments?: PaymentsBy
  /** What pay is compared in (GET /api/currency-rates); the budget range waits for it. */
  pay?: PayCurrencies
}

/**
 * A student may send a link while their submission is not yet under review or decided, and the
 * next revision after the startup asked for changes; past the deadline only on work already sent.
 */
function canSubmit(task: Task): boolean {
  const open = task.displayStatus === 'open' || task.displayStatus === 'submitted' || task.displayStatus === 'changes_requested'
  return open && (!task.deadlinePassed || task.submissions.length > 0)
}

/** Whether the list is narrowed: a search word or a filter (sort and page narrow nothing). */
export function hasFilters(query: TaskQuery): boolean {
  return Boolean(query.search || query.category || query.deadline || query.source || query.paid || query.payMin || query.payMax)
}

export const NO_MATCH = 'No tasks match your filters'

/** What each viewer's main list failed to fetch: only a startup's list holds its works. */
const MAIN_ERROR = { startup: 'Failed to fetch works', student: 'Failed to fetch available tasks', other: 'Failed to fetch tasks' }

/** Whether a loaded list holds nothing (not while it loads or after it failed). */
const loadedEmpty = (list: TaskListState) => list.data !== undefined && !list.isError && list.data.items.length === 0

/**
 * /tasks (spec §2, open to all): the search box and filter panel over the lists: students see
 * Your Assigned Tasks (what a startup assigned to them), the tasks they only submitted to, and
 * Available Tasks; startups Your Posted Tasks; everyone else the available tasks, read-only.
 */
export function TasksPageView(props: TasksPageViewProps) {
  const {
    viewer,
    viewerId,
    query,
    onQueryChange,
    onAssignedPageChange,
    onSubmittedPageChange,
    onClearFilters,
    assigned,
    submitted,
    main,
    submit,
    onSubmitLink,
    saveSearch,
    payments,
    pay,
  } = props
  const student = viewer === 'student'
  const filtered = hasFilters(query)
  // Budgets in many currencies compare only at the server's fixed rates; each card still shows its own.
  const sortNote = query.sort === 'pay' && pay ? `Sorted by approximate value in ${pay.base}` : undefined
  const noMatch = (
    <div className="flex flex-col items-center gap-3">
      <p>{NO_MATCH}</p>
      <Button type="button" variant="outline" onClick={onClearFilters}>
        Clear filters
      </Button>
    </div>
  )
  const renderTask = (task: Task) => (
    <TaskCard key={task._id} task={task} forStudent={student} hideStartup={viewer === 'startup'}>
      {student && <OwnSubmission submission={task.submissions[0]} />}
      {student && canSubmit(task) && (
        <LinkSubmitForm
          taskTitle={task.title}
          submitLabel={submitLabelFor(task.submissions[0])}
          defaultLink={task.submissions[0]?.status === 'changes_requested' ? '' : task.submissions[0]?.link}
          onSubmit={(link) => onSubmitLink(task._id, link)}
          isSubmitting={submit.isSubmitting && submit.taskId === task._id}
          error={submit.taskId === task._id ? submit.error : undefined}
          submittedAt={submit.submittedAt[task._id]}
        />
      )}
      {student && <PaymentStep payment={payments?.get(task._id)} side="student" />}
      {student && viewerId && task.displayStatus === 'completed' && task.startup && (
        <RatingPanel
          label="Rate startup"
          taskId={task._id}
          studentId={viewerId}
          rateeId={task.startup._id}
          rateeName={personName(task.startup)}
          closesAt={task.submissions[0]?.ratingClosesAt}
        />
      )}
    </TaskCard>
  )
  const mainTitle = viewer === 'startup' ? 'Your Posted Tasks' : 'Available Tasks'
  return (
    <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <title>Tasks · Bridgework</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Tasks</h1>
          <p className="mt-1 text-slate-600">
            {viewer === 'startup' ? 'The work you posted.' : 'Find paid work from startups and submit a link to yours.'}
          </p>
        </div>
        {viewer === null && (
          <Link to={loginPath(paths.tasks)} className={buttonClasses({ variant: 'outline' })}>
            Sign in to submit work
          </Link>
        )}
        {viewer === 'startup' && (
          <Link to={paths.startup.postWork} className={buttonClasses()}>
            Post New Work
          </Link>
        )}
      </div>
      <TaskFilters query={query} onChange={onQueryChange} showSource={student} action={student ? saveSearch : undefined} pay={pay} />
      {student && assigned && (
        <TaskListSection
          title="Your Assigned Tasks"
          description="Tasks a startup assigned to you."
          tasks={assigned}
          errorText="Failed to fetch your assigned tasks"
          emptyText={filtered ? noMatch : 'No startup has assigned a task to you yet.'}
          note={sortNote}
          onPageChange={onAssignedPageChange}
          renderTask={renderTask}
        />
      )}
      {/* Only once there is something to show: a new student's first screen is the open market. */}
      {student && submitted && !(loadedEmpty(submitted) && !filtered) && (
        <TaskListSection
          title="Your Submitted Tasks"
          description="Tasks from the open market you sent your work to."
          tasks={submitted}
          errorText="Failed to fetch the tasks you submitted to"
          emptyText={noMatch}
          note={sortNote}
          onPageChange={onSubmittedPageChange}
          renderTask={renderTask}
        />
      )}
      <TaskListSection
        title={mainTitle}
        tasks={main}
        errorText={MAIN_ERROR[viewer === 'startup' || viewer === 'student' ? viewer : 'other']}
        emptyText={filtered ? noMatch : viewer === 'startup' ? 'No tasks posted yet' : 'No available tasks at the moment'}
        note={sortNote}
        onPageChange={(page) => onQueryChange({ page })}
        renderTask={renderTask}
      />
    </div>
  )
}
