import { Link, useParams } from 'react-router'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { usePayment } from '../api/get-payment'
import { PaymentCard } from '../components/payment-card'
import { usePaymentSteps } from '../lib/use-payment-steps'

/** /payments/:id: one payment, where the work screens link; another's is not found. */
export function PaymentPage() {
  const id = useParams().id ?? ''
  const side = useCurrentUser()?.userType === 'startup' ? 'startup' : 'student'
  const payment = usePayment(id)
  const steps = usePaymentSteps()
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <title>Payment · Bridgework</title>
      <Link to={paths.payments} className="text-sm font-medium text-indigo-700 hover:underline">
        ← All payments
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment</h1>
      <QueryState
        query={payment}
        loadingLabel="Loading the payment"
        error={isApiError(payment.error) && payment.error.status === 404 ? 'Payment not found.' : 'Failed to fetch the payment'}
      >
        {(data) => <PaymentCard payment={data} side={side} onStep={steps.act} onDownloadReceipt={steps.downloadReceipt} busy={steps.busy} />}
      </QueryState>
    </div>
  )
}
