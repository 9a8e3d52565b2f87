import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { saveBlob } from '@/lib/files'
import type { Payment } from '@/lib/payments/types'

/** Statuses with a receipt: the payment was sent or transferred (backend/payments, HasReceipt). */
const WITH_RECEIPT = new Set(['sent', 'received', 'disputed', 'transferred'])

export function hasReceipt(payment: Pick<Payment, 'status'>): boolean {
  return WITH_RECEIPT.has(payment.status)
}

/** GET /api/payments/{id}/receipt: the PDF, saved as receipt_{id}.pdf as the server names it. */
export async function downloadReceipt(payment: Pick<Payment, '_id'>): Promise<void> {
  const blob = await api.get<Blob>(`/payments/${encodeURIComponent(payment._id)}/receipt`, { responseType: 'blob' })
  saveBlob(blob, `receipt_${payment._id}.pdf`)
}

export function useDownloadReceipt(options: { onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: downloadReceipt, onError: options.onError })
}
