import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { notify } from '@/lib/notify'

/**
 * What Stripe's return addresses mean (docs/api-contract.md, "Funds held through Stripe"):
 * onboarding sends a student back to /payments?payouts=return (or =refresh when its link
 * expired), Checkout a startup to /startup/tasks/{id}?funding=success (or =cancelled).
 */
export const STRIPE_RETURNS = {
  payouts: {
    return: 'Back from Stripe: your payout account shows as connected once Stripe confirms it.',
    refresh: 'That Stripe link expired: choose Continue setup to get a new one.',
  },
  funding: {
    success: 'Payment received by Stripe: the task shows as funded once Stripe confirms it.',
    cancelled: 'Funding cancelled: nothing was charged.',
  },
} as const

/** Says once what a return from Stripe (the `param` of the URL) means, then drops it from the URL. */
export function useStripeReturn(param: keyof typeof STRIPE_RETURNS) {
  const [params, setParams] = useSearchParams()
  const value = params.get(param)
  useEffect(() => {
    if (value === null) return
    const messages: Record<string, string> = STRIPE_RETURNS[param]
    if (messages[value]) notify.info(messages[value])
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(param)
        return next
      },
      { replace: true },
    )
  }, [param, value, setParams])
}
