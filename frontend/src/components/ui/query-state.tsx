import type { ReactNode } from 'react'
import { isApiError } from '@/lib/api-client'
import { Alert } from './alert'
import { Button } from './button'
import { Spinner } from './spinner'

/**
 * What a query says about its data; a TanStack Query result is one as it is. `refetch` (the
 * result's own) is what Retry calls; `error` tells a failure worth retrying from a refusal.
 */
export type QueryStatus<T> = {
  data: T | undefined
  isPending: boolean
  isError: boolean
  error?: unknown
  refetch?: () => unknown
  isRefetching?: boolean
}

/**
 * A TanStack Query result as a screen that stays up through a failed refresh shows it: only a
 * failure of the first load is an error, while the data already shown stays on screen.
 */
export function keptThroughRefreshes<T>(query: QueryStatus<T> & { isLoadingError: boolean }): QueryStatus<T> {
  const { data, isPending, isLoadingError, error, refetch, isRefetching } = query
  return { data, isPending, isError: isLoadingError, error, refetch, isRefetching }
}

/**
 * Whether asking again may succeed: a network failure or a server error may pass, but a task
 * that is not found or not the viewer's stays so.
 */
export function isRetryable(error: unknown): boolean {
  return !(isApiError(error) && [403, 404].includes(error.status))
}

type QueryErrorProps = {
  children: ReactNode
  onRetry?: () => unknown
  isRetrying?: boolean
}

/** A failed query's alert with Retry, which asks again. */
export function QueryError({ children, onRetry, isRetrying = false }: QueryErrorProps) {
  return (
    <Alert tone="error" className="items-center">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>{children}</span>
        {onRetry && (
          <Button type="button" variant="outline" size="sm" onClick={() => void onRetry()} isLoading={isRetrying} loadingText="Retrying...">
            Retry
          </Button>
        )}
      </div>
    </Alert>
  )
}

type QueryStateProps<T> = {
  query: QueryStatus<T>
  /** The spinner's accessible name, e.g. "Loading certificates". */
  loadingLabel: string
  /** What the error alert says. */
  error: ReactNode
  /** Whether the data holds nothing to show; then `empty` stands in for the children. */
  isEmpty?: (data: T) => boolean
  empty?: ReactNode
  children: (data: T) => ReactNode
}

/**
 * The loading, error, empty and data states of a screen's query, checked in that order: a
 * spinner while it loads, an alert with Retry when it failed, a dashed panel when it holds
 * nothing, else the children with the data.
 */
export function QueryState<T>({ query, loadingLabel, error, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-indigo-600">
        <Spinner size="lg" label={loadingLabel} />
      </div>
    )
  }
  if (query.isError || query.data === undefined) {
    return (
      <QueryError onRetry={isRetryable(query.error) ? query.refetch : undefined} isRetrying={query.isRefetching}>
        {error}
      </QueryError>
    )
  }
  if (isEmpty?.(query.data)) {
    return <div className="space-y-3 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-500">{empty}</div>
  }
  return <>{children(query.data)}</>
}
