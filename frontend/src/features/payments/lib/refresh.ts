import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'

/**
 * What one payment's step changes on screen: the payments (lists, counts and the payment's own
 * page), the work screens that show it beside the approved work (task lists and pages, the
 * dashboards), and the startup's payment record on its tasks and its profile.
 */
export async function refreshAfterPaymentChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [queryKeys.payments.all, queryKeys.tasks.all, queryKeys.dashboard.all, queryKeys.startups.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}
