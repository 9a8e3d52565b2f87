import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Payment } from '@/lib/payments/types'
import { paymentStepLabel, type PaymentSide } from '@/lib/payments/words'

/**
 * A payment beside the work it pays: "Payment: sent — confirm?", a link to the payment. Nothing
 * before the work is approved on a paid task (no payment yet).
 */
export function PaymentStep({ payment, side }: { payment: Payment | undefined; side: PaymentSide }) {
  if (!payment) return null
  return (
    <p className="text-sm text-slate-700">
      Payment:{' '}
      <Link to={paths.payment(payment._id)} className="font-medium text-indigo-700 hover:underline">
        {paymentStepLabel(payment.status, side)}
      </Link>
    </p>
  )
}
