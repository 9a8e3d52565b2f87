import { useSearchParams } from 'react-router'
import { ConnectPayouts } from '@/components/payments/connect-payouts'
import { useCurrentUser } from '@/lib/auth-store'
import { usePayments, useRecentPayments } from '@/lib/payments/get-payments'
import { usePaymentProvider } from '@/lib/payments/get-provider'
import { useStripeReturn } from '@/lib/payments/stripe-return'
import { OFFLINE_TABS, PaymentsPageView, STRIPE_TABS, type PaymentsTab } from '../components/payments-page-view'
import { tabCounts } from '../lib/counts'
import { usePaymentSteps } from '../lib/use-payment-steps'

/** /payments: a student's or a startup's payments by status, paged on the server; the tab is in the URL. */
export function PaymentsPage() {
  const side = useCurrentUser()?.userType === 'startup' ? 'startup' : 'student'
  useStripeReturn('payouts') // back from Stripe's onboarding (Connect payouts)
  const { stripe } = usePaymentProvider()
  const [params, setParams] = useSearchParams()
  const tab = [...OFFLINE_TABS, ...STRIPE_TABS].find((t) => t === params.get('status')) ?? 'all'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const payments = usePayments({ status: tab === 'all' ? undefined : tab, page })
  const recent = useRecentPayments()
  const steps = usePaymentSteps()
  const set = (nextTab: PaymentsTab, nextPage: number) => {
    const out = new URLSearchParams()
    if (nextTab !== 'all') out.set('status', nextTab)
    if (nextPage > 1) out.set('page', String(nextPage))
    setParams(out)
  }
  return (
    <PaymentsPageView
      side={side}
      stripe={stripe}
      tab={tab}
      onTabChange={(t) => set(t, 1)}
      payments={payments}
      counts={tabCounts(recent.data, stripe ? STRIPE_TABS : OFFLINE_TABS)}
      onPageChange={(p) => set(tab, p)}
      onStep={steps.act}
      onDownloadReceipt={steps.downloadReceipt}
      busy={steps.busy}
      payouts={side === 'student' ? <ConnectPayouts /> : undefined}
    />
  )
}
