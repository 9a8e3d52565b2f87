import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { PayoutStatus } from './types'

/** GET /api/student/payouts: the student's Stripe payout account (Stripe mode). */
export function getPayouts(): Promise<PayoutStatus> {
  return api.get<PayoutStatus>('/student/payouts')
}

export function usePayouts(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.payouts, queryFn: getPayouts, enabled })
}
