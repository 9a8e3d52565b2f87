import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Payment } from '@/lib/payments/types'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/payments/{id}: one payment, to its two sides; another's is not found. */
export function getPayment(id: string): Promise<Payment> {
  return api.get<Payment>(`/payments/${encodeURIComponent(id)}`)
}

export function usePayment(id: string) {
  return useQuery({ queryKey: queryKeys.payments.detail(id), queryFn: () => getPayment(id), enabled: Boolean(id) })
}
