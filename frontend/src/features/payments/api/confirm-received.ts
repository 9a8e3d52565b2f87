import { api } from '@/lib/api-client'
import type { Payment } from '@/lib/payments/types'
import { usePaymentStep } from './use-payment-step'

/** POST /api/payments/{id}/received: the student confirms it arrived (sent or disputed → received). */
export function confirmReceived(paymentId: string): Promise<Payment> {
  return api.post<Payment>(`/payments/${encodeURIComponent(paymentId)}/received`)
}

export function useConfirmReceived() {
  return usePaymentStep(confirmReceived)
}
