import type { ReactNode } from 'react'
import { Alert } from './alert'
import { Spinner } from './spinner'

/** What a query says about its data; a TanStack Query result is one as it is. */
export type QueryStatus<T> = { data: T | undefined; isPending: boolean; isError: boolean }

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
 * spinner while it loads, an alert when it failed, a dashed panel when it holds nothing, else the
 * children with the data.
 */
export function QueryState<T>({ query, loadingLabel, error, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-indigo-600">
        <Spinner size="lg" label={loadingLabel} />
      </div>
    )
  }
  if (query.isError || query.data === undefined) return <Alert tone="error">{error}</Alert>
  if (isEmpty?.(query.data)) {
    return <div className="space-y-3 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-500">{empty}</div>
  }
  return <>{children(query.data)}</>
}
