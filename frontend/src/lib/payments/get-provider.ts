import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { PaymentProvider } from './types'

/** GET /api/payments/provider (public): offline or Stripe, and the platform's fee. */
export function getPaymentProvider(): Promise<PaymentProvider> {
  return api.get<PaymentProvider>('/payments/provider')
}

/**
 * The deployment's provider, asked once per load (it changes only with a restart). `stripe` is
 * true only once the server said so: until then, and when it cannot be read, screens offer only
 * what offline payments have.
 */
export function usePaymentProvider() {
  const query = useQuery({ queryKey: queryKeys.paymentProvider, queryFn: getPaymentProvider, staleTime: Infinity, retry: false })
  return { ...query, stripe: query.data?.provider === 'stripe' }
}
