import { api } from '@/lib/api-client'
import type { Payment, PaymentMethod } from '@/lib/payments/types'
import { usePaymentStep } from './use-payment-step'

export type MarkSentInput = { paymentId: string; method: PaymentMethod; reference: string }

/** POST /api/payments/{id}/sent {method, reference}: the startup paid (due or disputed → sent). */
export function markSent({ paymentId, method, reference }: MarkSentInput): Promise<Payment> {
  return api.post<Payment>(`/payments/${encodeURIComponent(paymentId)}/sent`, { method, reference })
}

export function useMarkSent() {
  return usePaymentStep(markSent)
}
