// How payments and the terms of paid work read, wherever they are shown: the status of a
// payment in words for each side, a startup's payment record, and a task's pay before the work.

import type { Task } from '@/types/tasks'
import { formatPay, isPaid } from '@/lib/tasks/pay'
import type { PaymentMethod, PaymentRecord, PaymentStatus } from './types'

/** Who looks at a payment: the student it pays or the startup that owes it. */
export type PaymentSide = 'student' | 'startup'

const statusWords: Record<PaymentStatus, string> = {
  due: 'Due',
  sent: 'Sent',
  received: 'Received',
  disputed: 'Disputed: not received',
  awaiting_student: 'Waiting for a payout account',
  held: 'Held by Bridgework',
  transferred: 'Paid out',
  failed: 'Payout failed',
}

/** A payment's status in words: "Sent", "Disputed: not received", "Paid out". */
export function paymentStatusLabel(status: string): string {
  return statusWords[status as PaymentStatus] ?? status
}

const nextSteps: Record<PaymentSide, Partial<Record<PaymentStatus, string>>> = {
  startup: {
    due: 'Pay the student directly, then mark it as sent.',
    sent: 'Waiting for the student to confirm it arrived.',
    disputed: 'The student says it has not arrived. Check the transfer and mark it as sent again.',
    awaiting_student: 'Bridgework pays it out once the student connects a payout account.',
    held: 'Bridgework holds it and pays it out to the student.',
    failed: 'The payout failed; Bridgework tries again.',
  },
  student: {
    due: 'The startup pays you directly and marks it as sent.',
    sent: 'Confirm once it has arrived, or say it has not.',
    disputed: 'You said it has not arrived; the startup was told. Confirm once it does.',
    awaiting_student: 'Connect payouts to receive it.',
    held: 'Bridgework holds it and pays it out to you.',
    failed: 'The payout failed; Bridgework tries again.',
  },
}

/** What happens next to a payment, as the side looking at it reads it; "" once it is settled. */
export function paymentNextStep(status: string, side: PaymentSide): string {
  return nextSteps[side][status as PaymentStatus] ?? ''
}

/**
 * A payment's step beside the work it pays, short: "due", "sent — confirm?" for the student who
 * should confirm it, "sent — waiting for the student" for the startup.
 */
export function paymentStepLabel(status: string, side: PaymentSide): string {
  if (status === 'sent') return side === 'student' ? 'sent — confirm?' : 'sent — waiting for the student'
  if (status === 'due' && side === 'startup') return 'due — mark it as sent'
  return paymentStatusLabel(status).toLowerCase()
}

export const PAYMENT_METHODS: ReadonlyArray<{ value: PaymentMethod; label: string }> = [
  { value: 'bank-transfer', label: 'Bank transfer' },
  { value: 'upi', label: 'UPI' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'other', label: 'Other' },
]

/** How a payment went, in words: "Bank transfer", "Stripe". */
export function methodLabel(method: string): string {
  if (method === 'stripe') return 'Stripe'
  return PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "usually within 2 days": the median days to pay rounded up, "a day" under one. */
function usually(medianDays: number): string {
  const days = Math.ceil(medianDays)
  return `usually within ${days <= 1 ? 'a day' : `${days} days`}`
}

/**
 * A startup's payment record in words: "Paid 12 of 12 approved students · usually within 2
 * days", "New: no payments yet" before any paid approval, and its disputes ("1 payment disputed").
 */
export function paymentRecordWords(record: PaymentRecord): string {
  if (record.approved === 0) return 'New: no payments yet'
  const parts = [`Paid ${record.paid} of ${plural(record.approved, 'approved student', 'approved students')}`]
  if (record.medianDaysToPay !== null) parts.push(usually(record.medianDaysToPay))
  if (record.disputed > 0) parts.push(`${plural(record.disputed, 'payment', 'payments')} disputed`)
  return parts.join(' · ')
}

type TermsTask = Pick<Task, 'budget' | 'currency' | 'seats' | 'seatsFilled'>

/** How many of a task's paid places are still open. */
export function placesLeft(task: Pick<Task, 'seats' | 'seatsFilled'>): number {
  return Math.max(0, (task.seats ?? 1) - (task.seatsFilled ?? 0))
}

/**
 * A task's pay per approved student and its places: "$200", "$200 each · 2 of 3 paid places
 * left", "Unpaid — certificate only".
 */
export function payTermsWords(task: TermsTask): string {
  const seats = task.seats ?? 1
  const left = placesLeft(task)
  if (!isPaid(task.budget)) return seats > 1 ? `Unpaid — certificate only · ${left} of ${seats} places left` : 'Unpaid — certificate only'
  const pay = formatPay(task.budget, task.currency)
  return seats > 1 ? `${pay} each · ${left} of ${seats} paid places left` : pay
}

/**
 * Who holds the pay of a paid task, in words: Bridgework once the startup funded it (Stripe
 * mode), else the startup pays directly (offline) or has yet to fund it (Stripe mode).
 */
export function fundingWords(task: Pick<Task, 'funding'>, stripe: boolean): string {
  switch (task.funding?.status) {
    case 'funded':
      return 'Funds held by Bridgework'
    case 'pending':
      return 'Funding pending'
    case 'refunded':
      return 'Funds returned to the startup'
    default:
      return stripe ? 'Not funded yet' : 'Paid by the startup directly'
  }
}
