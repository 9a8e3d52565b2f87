import { api } from '@/lib/api-client'
import type { Payment } from '@/lib/payments/types'
import { usePaymentStep } from './use-payment-step'

export type NotReceivedInput = { paymentId: string; note: string }

/** POST /api/payments/{id}/not-received {note}: the student says it has not arrived (sent → disputed). */
export function reportNotReceived({ paymentId, note }: NotReceivedInput): Promise<Payment> {
  return api.post<Payment>(`/payments/${encodeURIComponent(paymentId)}/not-received`, { note })
}

export function useReportNotReceived() {
  return usePaymentStep(reportNotReceived)
}
