import type { ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Pagination } from '@/components/ui/pagination'
import { Spinner } from '@/components/ui/spinner'
import type { Paged } from '@/lib/api-client'
import type { Task } from '@/types/tasks'

type TaskListSectionProps = {
  title: string
  page: Paged<Task> | undefined
  isLoading: boolean
  isError: boolean
  errorText: string
  emptyText: string
  onPageChange: (page: number) => void
  renderTask: (task: Task) => ReactNode
}

/** A titled, paged grid of task cards with its loading, error and empty states. */
export function TaskListSection({ title, page, isLoading, isError, errorText, emptyText, onPageChange, renderTask }: TaskListSectionProps) {
  const id = title.toLowerCase().replace(/\W+/g, '-')
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {/* The open market may not count its tasks: then no number rather than a wrong one. */}
        {page?.total !== undefined && page.total > 0 && (
          <span className="text-sm text-slate-500">{page.total === 1 ? '1 task' : `${page.total} tasks`}</span>
        )}
      </div>
      {isLoading ? (
        <div className="flex justify-center py-8 text-indigo-600">
          <Spinner label={`Loading ${title.toLowerCase()}`} />
        </div>
      ) : isError ? (
        <Alert tone="error">{errorText}</Alert>
      ) : !page || page.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-500">{emptyText}</p>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{page.items.map((task) => renderTask(task))}</div>
          <Pagination paged={page} onPageChange={onPageChange} label={`${title} pages`} />
        </>
      )}
    </section>
  )
}
