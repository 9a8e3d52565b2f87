import { QueryClient, type DefaultOptions } from '@tanstack/react-query'
import { isApiError } from './api-client'

/**
 * Spec §9: data queries retry once and do not refetch on window focus. A 4xx answer will not
 * change on a second try, so it is not retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig })
}
