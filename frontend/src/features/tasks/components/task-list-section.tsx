import type { ReactNode } from 'react'
import { Pagination } from '@/components/ui/pagination'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import type { Paged } from '@/lib/api-client'
import type { Task } from '@/types/tasks'

type TaskListSectionProps = {
  title: string
  /** A line under the title saying which tasks the list holds. */
  description?: string
  tasks: QueryStatus<Paged<Task>>
  errorText: string
  emptyText: ReactNode
  /** A line under the title about the list as a whole, e.g. how it is sorted. */
  note?: ReactNode
  onPageChange: (page: number) => void
  renderTask: (task: Task) => ReactNode
}

/** A titled, paged grid of task cards with its loading, error and empty states. */
export function TaskListSection({ title, description, tasks, errorText, emptyText, note, onPageChange, renderTask }: TaskListSectionProps) {
  const id = title.toLowerCase().replace(/\W+/g, '-')
  const total = tasks.data?.total
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {/* The open market may not count its tasks: then no number rather than a wrong one. */}
        {total !== undefined && total > 0 && <span className="text-sm text-slate-500">{total === 1 ? '1 task' : `${total} tasks`}</span>}
      </div>
      {description && <p className="-mt-3 text-sm text-slate-600">{description}</p>}
      {note && <p className="-mt-2 text-sm text-slate-500">{note}</p>}
      <QueryState
        query={tasks}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        error={errorText}
        isEmpty={(page) => page.items.length === 0}
        empty={emptyText}
      >
        {(page) => (
          <>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{page.items.map((task) => renderTask(task))}</div>
            <Pagination paged={page} onPageChange={onPageChange} label={`${title} pages`} />
          </>
        )}
      </QueryState>
    </section>
  )
}
