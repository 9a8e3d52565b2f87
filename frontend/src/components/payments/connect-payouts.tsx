import { Landmark } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { usePayouts } from '@/lib/payments/get-payouts'
import { usePaymentProvider } from '@/lib/payments/get-provider'
import { useStartPayoutOnboarding } from '@/lib/payments/start-payout-onboarding'

const words = {
  none: 'Connect a payout account with Stripe so Bridgework can pay you when your work is approved.',
  pending: 'Stripe is still checking your payout account. Finish any step it asks for.',
  enabled: 'Payouts connected: approved work is paid out to your account.',
}

/**
 * Stripe mode only: the student's payout account, and Connect payouts, which goes to Stripe's
 * onboarding (GET /api/student/payouts, POST /api/student/payouts/onboarding). Nothing offline.
 */
export function ConnectPayouts() {
  const { stripe } = usePaymentProvider()
  const payouts = usePayouts(stripe)
  const onboarding = useStartPayoutOnboarding({ onError: (error) => notify.error(errorMessage(error, 'Failed to open Stripe')) })
  const status = payouts.data?.status
  if (!stripe || !status) return null
  return (
    <section aria-label="Payouts" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <Landmark className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
        {words[status]}
      </p>
      {status !== 'enabled' && (
        <Button size="sm" isLoading={onboarding.isPending} loadingText="Opening Stripe..." onClick={() => onboarding.mutate()}>
          {status === 'none' ? 'Connect payouts' : 'Continue setup'}
        </Button>
      )}
    </section>
  )
}
