import { MessageCircle } from 'lucide-react'
import { Link } from 'react-router'
import { TaskCard } from '@/components/tasks/task-card'
import { buttonClasses } from '@/components/ui/button'
import { Pagination } from '@/components/ui/pagination'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import type { Paged } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { assigneeLabel, personName } from '@/lib/tasks/status'
import type { Task } from '@/types/tasks'
import type { TabCounts } from '../api/get-startup-task-counts'
import type { ReviewAction, ReviewHandler } from '../api/review-submission'
import { FundTask } from './fund-task'
import { SubmissionList } from './submission-list'
import { TaskControls } from './task-controls'

export type WorksTab = 'all' | 'open' | 'under-review' | 'completed' | 'closed'

const tabs: Array<{ id: WorksTab; label: string }> = [
  { id: 'all', label: 'All Works' },
  { id: 'open', label: 'Open' },
  { id: 'under-review', label: 'Under Review' },
  { id: 'completed', label: 'Completed' },
  { id: 'closed', label: 'Closed' },
]

export type MyWorksViewProps = {
  tab: WorksTab
  onTabChange: (tab: WorksTab) => void
  works: QueryStatus<Paged<Task>>
  /** GET /api/startup/tasks/counts: one answer for every tab, kept while a tab's page loads. */
  counts: TabCounts | undefined
  onPageChange: (page: number) => void
  onAction: ReviewHandler
  busy?: string
  busyAction?: ReviewAction['kind']
  /** The startup's payments by submission, beside the approved ones. */
  payments?: PaymentsBy
}

/** /startup/tasks, My Works (spec §2): the spec's four tabs and Closed, with counts; cards with submissions and actions. */
export function MyWorksView({ tab, onTabChange, works, counts, onPageChange, onAction, busy, busyAction, payments }: MyWorksViewProps) {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <title>My Works · Bridgework</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Works</h1>
        <Link to={paths.startup.postWork} className={buttonClasses()}>
          Post New Work
        </Link>
      </div>
      <div role="tablist" aria-label="Works by status" className="flex flex-wrap gap-2">
        {tabs.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            aria-selected={tab === t.id}
            onClick={() => onTabChange(t.id)}
            className={cn(
              'rounded-full px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              tab === t.id ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {t.label} ({counts?.[t.id] ?? 0})
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabs.find((t) => t.id === tab)!.label}>
        {/* The cards' titles are third-level headings, under the page's and this tab's. */}
        <h2 className="sr-only">{tabs.find((t) => t.id === tab)!.label}</h2>
        <QueryState
          query={works}
          loadingLabel="Loading your works"
          error="Failed to fetch works"
          isEmpty={(page) => page.items.length === 0}
          empty={
            <>
              <p>No tasks posted yet</p>
              {(counts?.all ?? 0) === 0 && (
                <Link to={paths.startup.postWork} className={buttonClasses()}>
                  Post Your First Work
                </Link>
              )}
            </>
          }
        >
          {(page) => (
            <div className="space-y-4">
              <div className="grid gap-4 lg:grid-cols-2">
                {page.items.map((task) => (
                  <WorkCard key={task._id} task={task} onAction={onAction} busy={busy} busyAction={busyAction} payments={payments} />
                ))}
              </div>
              <Pagination paged={page} onPageChange={onPageChange} label="My Works pages" />
            </div>
          )}
        </QueryState>
      </div>
    </div>
  )
}

type WorkCardProps = Pick<MyWorksViewProps, 'onAction' | 'busy' | 'busyAction' | 'payments'> & { task: Task }

/**
 * One work: its card, Fund this task while Stripe mode awaits its funds, View Details and the
 * startup's controls (edit, close, withdraw, repost), who it is assigned to (with a chat link),
 * its submissions.
 */
function WorkCard({ task, onAction, busy, busyAction, payments }: WorkCardProps) {
  return (
    <TaskCard task={task} hideStartup>
      <FundTask task={task} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <Link to={paths.startup.task(task._id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            View Details
          </Link>
          <TaskControls task={task} />
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          Assigned to {assigneeLabel(task)}
          {task.assignedStudent && (
            <Link
              to={paths.chatWith(task.assignedStudent._id)}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              aria-label={`Chat with ${personName(task.assignedStudent)}`}
            >
              <MessageCircle className="size-4" aria-hidden="true" />
            </Link>
          )}
        </p>
      </div>
      <SubmissionList task={task} onAction={onAction} busy={busy} busyAction={busyAction} payments={payments} />
    </TaskCard>
  )
}
