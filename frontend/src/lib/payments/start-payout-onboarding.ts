import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { openExternal } from '@/lib/navigation'
import type { StripeRedirect } from './types'

/** POST /api/student/payouts/onboarding: Stripe's page where the student sets up payouts. */
export function startPayoutOnboarding(): Promise<StripeRedirect> {
  return api.post<StripeRedirect>('/student/payouts/onboarding')
}

/** Connect payouts: the browser goes to Stripe's onboarding, which sends the student back. */
export function useStartPayoutOnboarding(options: { onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: startPayoutOnboarding, onSuccess: ({ url }) => openExternal(url), onError: options.onError })
}
