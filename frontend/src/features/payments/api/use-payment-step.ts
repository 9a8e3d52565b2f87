import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Payment } from '@/lib/payments/types'
import { queryKeys } from '@/lib/query-keys'
import { refreshAfterPaymentChange } from '../lib/refresh'

/**
 * The mutation of a step one side takes on a payment: the answer is the payment as it now is,
 * put in its own cache, and every screen showing it reads again.
 */
export function usePaymentStep<Input>(send: (input: Input) => Promise<Payment>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async (payment) => {
      queryClient.setQueryData(queryKeys.payments.detail(payment._id), payment)
      await refreshAfterPaymentChange(queryClient)
    },
  })
}
