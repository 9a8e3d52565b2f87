import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query'
import type { Paged } from './api-client'

export type PagedQueryOptions<T> = {
  /** Names the list, its filters and the page, so each page is cached on its own. */
  queryKey: QueryKey
  queryFn: () => Promise<Paged<T>>
  enabled?: boolean
  refetchInterval?: number
  refetchIntervalInBackground?: boolean
}

/**
 * The query of every paged screen. The page on screen stays there while the next one loads, so
 * the pager and the list do not jump to a spinner at each Next.
 */
export function usePagedQuery<T>(options: PagedQueryOptions<T>) {
  return useQuery({ ...options, placeholderData: keepPreviousData })
}
