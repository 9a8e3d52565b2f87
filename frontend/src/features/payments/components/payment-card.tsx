import { Download } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import type { Payment, PaymentStatus } from '@/lib/payments/types'
import { methodLabel, paymentNextStep, paymentStatusLabel, type PaymentSide } from '@/lib/payments/words'
import { formatMinor } from '@/lib/tasks/pay'
import { formatDate } from '@/lib/tasks/status'
import { hasReceipt } from '../api/download-receipt'
import type { PaymentStepHandler, StepBusy, StepOutcome } from '../lib/use-payment-steps'
import { MarkSentDialog } from './mark-sent-dialog'
import { NotReceivedDialog } from './not-received-dialog'
import { PaymentTimeline } from './payment-timeline'

const tones: Record<PaymentStatus, BadgeTone> = {
  due: 'warning',
  sent: 'info',
  received: 'success',
  disputed: 'danger',
  awaiting_student: 'warning',
  held: 'info',
  transferred: 'success',
  failed: 'danger',
}

export type PaymentCardProps = {
  payment: Payment
  side: PaymentSide
  onStep: PaymentStepHandler
  onDownloadReceipt: (payment: Payment) => void
  busy?: StepBusy
}

const studentName = (payment: Payment) => `${payment.student.firstName} ${payment.student.lastName}`.trim() || 'the student'

/**
 * One payment as a side sees it: the task, the other side, the amount, the status in words and
 * what comes next, its steps, and what this side may do: the startup marks a due (or disputed)
 * payment sent; the student confirms one sent, or says it has not arrived; both download the
 * receipt once it was sent.
 */
export function PaymentCard({ payment, side, onStep, onDownloadReceipt, busy }: PaymentCardProps) {
  const [open, setOpen] = useState<'sent' | 'not-received' | null>(null)
  const [error, setError] = useState<unknown>()
  const mine = busy?.paymentId === payment._id ? busy.kind : undefined
  const amount = formatMinor(payment.amount, payment.currency)
  const other = side === 'startup' ? `to ${studentName(payment)}` : `from ${payment.startup.companyName}`
  const show = (dialog: typeof open) => {
    setError(undefined)
    setOpen(dialog)
  }
  const close = () => setOpen(null)
  const closeUnlessRefused = ({ error: refused }: StepOutcome) => (refused ? setError(refused) : close())
  const canSend = side === 'startup' && (payment.status === 'due' || payment.status === 'disputed')
  const canConfirm = side === 'student' && (payment.status === 'sent' || payment.status === 'disputed')
  const canDispute = side === 'student' && payment.status === 'sent'
  return (
    <Card role="article" aria-label={`Payment for ${payment.task.title} ${other}`} className="space-y-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <h2 className="break-words font-semibold text-slate-900">
            <Link to={paths.task(payment.task._id)} className="hover:text-indigo-700 hover:underline">
              {payment.task.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {side === 'startup' ? (
              <>
                To{' '}
                <Link to={paths.startup.student(payment.student._id)} className="font-medium text-indigo-700 hover:underline">
                  {studentName(payment)}
                </Link>
              </>
            ) : (
              <>
                From{' '}
                <Link to={paths.startup.detail(payment.startup._id)} className="font-medium text-indigo-700 hover:underline">
                  {payment.startup.companyName}
                </Link>
              </>
            )}
            {' · '}Approved {formatDate(payment.createdAt)} (revision {payment.revision})
          </p>
        </div>
        <div className="text-right">
          <p className="text-xl font-semibold text-slate-900">
            <span className="sr-only">Amount: </span>
            {amount}
          </p>
          <Badge tone={tones[payment.status]}>
            <span className="sr-only">Status: </span>
            {paymentStatusLabel(payment.status)}
          </Badge>
        </div>
      </div>
      {paymentNextStep(payment.status, side) && <p className="text-sm text-slate-700">{paymentNextStep(payment.status, side)}</p>}
      {payment.method && (
        <p className="text-sm text-slate-600">
          {methodLabel(payment.method)}
          {payment.reference && (
            <>
              {' '}
              · Reference <span className="font-mono break-all text-slate-800">{payment.reference}</span>
            </>
          )}
        </p>
      )}
      <PaymentTimeline payment={payment} label={`Steps of the payment for ${payment.task.title}`} />
      <div className="flex flex-wrap gap-2">
        {canSend && (
          <Button size="sm" disabled={busy !== undefined} onClick={() => show('sent')}>
            {payment.status === 'disputed' ? 'Mark as sent again' : 'Mark as sent'}
          </Button>
        )}
        {canConfirm && (
          <Button
            size="sm"
            disabled={busy !== undefined}
            isLoading={mine === 'received'}
            loadingText="Confirming..."
            onClick={() => void onStep(payment, { kind: 'received' })}
          >
            Confirm received
          </Button>
        )}
        {canDispute && (
          <Button size="sm" variant="outline" disabled={busy !== undefined} onClick={() => show('not-received')}>
            Not received
          </Button>
        )}
        {hasReceipt(payment) && (
          <Button
            size="sm"
            variant="ghost"
            isLoading={mine === 'receipt'}
            loadingText="Downloading..."
            onClick={() => onDownloadReceipt(payment)}
            aria-label={`Receipt for ${payment.task.title}`}
          >
            <Download className="size-4" aria-hidden="true" />
            Receipt
          </Button>
        )}
      </div>
      {open === 'sent' && (
        <MarkSentDialog
          payment={payment}
          isSaving={mine === 'sent'}
          error={error}
          onClose={close}
          onSubmit={(values) => void onStep(payment, { kind: 'sent', ...values }).then(closeUnlessRefused)}
        />
      )}
      {open === 'not-received' && (
        <NotReceivedDialog
          payment={payment}
          isSaving={mine === 'not-received'}
          error={error}
          onClose={close}
          onSubmit={(values) => void onStep(payment, { kind: 'not-received', note: values.note }).then(closeUnlessRefused)}
        />
      )}
    </Card>
  )
}
