import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { Payment, PaymentMethod } from '@/lib/payments/types'
import { useConfirmReceived } from '../api/confirm-received'
import { useDownloadReceipt } from '../api/download-receipt'
import { useMarkSent } from '../api/mark-sent'
import { useReportNotReceived } from '../api/report-not-received'

/** A step one side takes on a payment. */
export type PaymentStepAction =
  { kind: 'sent'; method: PaymentMethod; reference: string } | { kind: 'received' } | { kind: 'not-received'; note: string }

/** How a step ended: nothing when it was taken, else the API's error (a dialog stays open on it). */
export type StepOutcome = { error?: unknown }

export type PaymentStepHandler = (payment: Payment, action: PaymentStepAction) => Promise<StepOutcome>

/** The step in flight, if any: which payment and which step. */
export type StepBusy = { paymentId: string; kind: PaymentStepAction['kind'] | 'receipt' } | undefined

const done: Record<PaymentStepAction['kind'], string> = {
  sent: 'Payment marked as sent',
  received: 'Payment confirmed as received',
  'not-received': 'The startup was told the payment has not arrived',
}

/**
 * The steps of the Payments page with their toasts: Mark as sent, Confirm received, Not
 * received, and the receipt's download. A refused step says the server's reason.
 */
export function usePaymentSteps() {
  const markSent = useMarkSent()
  const confirmReceived = useConfirmReceived()
  const notReceived = useReportNotReceived()
  const receipt = useDownloadReceipt({ onError: (error) => notify.error(errorMessage(error, 'Failed to download the receipt')) })

  const send = (payment: Payment, action: PaymentStepAction): Promise<Payment> => {
    switch (action.kind) {
      case 'sent':
        return markSent.mutateAsync({ paymentId: payment._id, method: action.method, reference: action.reference })
      case 'received':
        return confirmReceived.mutateAsync(payment._id)
      case 'not-received':
        return notReceived.mutateAsync({ paymentId: payment._id, note: action.note })
    }
  }
  const act: PaymentStepHandler = (payment, action) =>
    send(payment, action).then(
      () => {
        notify.success(done[action.kind])
        return {}
      },
      (error: unknown) => {
        // The dialogs show a refusal beside their fields; Confirm received has none.
        if (action.kind === 'received') notify.error(errorMessage(error, 'Failed to confirm the payment'))
        return { error }
      },
    )

  const pending: Array<[boolean, PaymentStepAction['kind'], string | undefined]> = [
    [markSent.isPending, 'sent', markSent.variables?.paymentId],
    [confirmReceived.isPending, 'received', confirmReceived.variables],
    [notReceived.isPending, 'not-received', notReceived.variables?.paymentId],
  ]
  const step = pending.find(([isPending]) => isPending)
  const busy: StepBusy = step?.[2]
    ? { paymentId: step[2], kind: step[1] }
    : receipt.isPending && receipt.variables
      ? { paymentId: receipt.variables._id, kind: 'receipt' }
      : undefined
  return { act, busy, downloadReceipt: (payment: Payment) => receipt.mutate(payment) }
}
