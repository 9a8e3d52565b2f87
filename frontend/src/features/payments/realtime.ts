import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { registerCatchUp, registerRealtimeHandler, type RealtimeContext } from '@/lib/realtime/registry'
import { refreshAfterPaymentChange } from './lib/refresh'

// payment.updated goes to both sides of a payment, each step once (backend/payments, Take): it
// says only that a payment moved, so what shows it is read again, at once (one user's event,
// never a crowd's). The other side's bell takes its notification.new as every notification.

/** The data of a payment.updated event (backend/payments, UpdatedEvent). */
export type PaymentUpdatedEvent = { paymentId: string; taskId: string; status: string }

function onPaymentUpdated(_data: PaymentUpdatedEvent, { queryClient }: RealtimeContext): void {
  void refreshAfterPaymentChange(queryClient)
}

async function catchUpPayments(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.payments.all })
}

/** The payments' live events. */
export function registerPaymentsRealtime(): void {
  registerRealtimeHandler('payment.updated', onPaymentUpdated)
  registerCatchUp(catchUpPayments)
}
