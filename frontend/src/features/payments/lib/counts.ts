import type { Paged } from '@/lib/api-client'
import type { Payment } from '@/lib/payments/types'
import type { PaymentsTab } from '../components/payments-page-view'

/**
 * Each tab's count from the newest payments (one page of MAX_PER_PAGE): exact while that page
 * holds them all; past it only All's, the server's count, rather than a wrong number.
 */
export function tabCounts(recent: Paged<Payment> | undefined, tabs: PaymentsTab[]): Partial<Record<PaymentsTab, number>> {
  if (!recent) return {}
  const all = recent.total ?? recent.items.length
  if (recent.hasNext) return { all }
  return Object.fromEntries(tabs.map((tab) => [tab, tab === 'all' ? all : recent.items.filter((p) => p.status === tab).length]))
}
