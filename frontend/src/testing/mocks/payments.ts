import { http, HttpResponse } from 'msw'
import type { Payment, PaymentProvider, PayoutStatus } from '@/lib/payments/types'
import { currencyDigits } from '@/lib/tasks/pay'
import type { User } from '@/types/api'
import type { Submission, Task } from '@/types/tasks'
import { userForToken } from './db'
import { pagedJson } from './paging'
import { pushEvent } from './realtime'

// A small stand-in for the payments API (backend/httpapi/openapi/payments.json) and the Stripe
// mode's (GET /api/payments/provider, /api/student/payouts, POST /api/startup/tasks/{id}/funding),
// enough for component tests: offline payments move along the server's transition table and
// each step is pushed live to both sides as payment.updated. Tests read and seed `ledger`.

let sequence = 0
const nextId = () => `0193c000-0000-7000-8000-${String(++sequence).padStart(12, '0')}`

/** Where the Stripe mode's mocks send the browser. */
export const STRIPE_ONBOARDING_URL = 'https://connect.stripe.com/setup/e/acct_test'
export const STRIPE_CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test'

export const ledger = {
  payments: [] as Payment[],
  provider: { provider: 'offline', platformFeePercent: 0 } as PaymentProvider,
  payouts: { status: 'none' } as PayoutStatus,
}

export function resetPayments() {
  ledger.payments = []
  ledger.provider = { provider: 'offline', platformFeePercent: 0 }
  ledger.payouts = { status: 'none' }
}

type Side = Pick<User, '_id' | 'firstName' | 'lastName' | 'companyName'>

/** A payment as the API sends it, newest first in the lists; `amount` is in minor units. */
export function makePayment(task: Pick<Task, '_id' | 'title'>, student: Side, startup: Side, overrides: Partial<Payment> = {}): Payment {
  const createdAt = overrides.createdAt ?? '2029-12-03T09:00:00Z'
  const payment: Payment = {
    _id: nextId(),
    task: { _id: task._id, title: task.title },
    student: { _id: student._id, id: student._id, firstName: student.firstName, lastName: student.lastName },
    startup: { _id: startup._id, id: startup._id, companyName: startup.companyName },
    submission: nextId(),
    revision: 1,
    amount: 20000,
    currency: 'USD',
    status: 'due',
    method: '',
    reference: '',
    events: [{ status: 'due', at: createdAt, note: '' }],
    createdAt,
    paidAt: null,
    ...overrides,
  }
  ledger.payments.unshift(payment)
  return payment
}

/** The payment an approval of paid work opens (backend/tasks, approve): `pay` in the budget's units. */
export function openPayment(task: Task, sub: Submission, pay: number): Payment {
  const student = { _id: sub.student?._id ?? '', firstName: sub.student?.firstName ?? '', lastName: sub.student?.lastName ?? '', companyName: '' }
  const startup = { _id: task.startup?._id ?? '', firstName: '', lastName: '', companyName: task.startup?.companyName ?? '' }
  const payment = makePayment(task, student, startup, {
    submission: sub._id,
    revision: sub.revision ?? 1,
    amount: Math.round(pay * 10 ** currencyDigits(task.currency)),
    currency: task.currency,
  })
  for (const userId of [student._id, startup._id])
    pushEvent(userId, 'payment.updated', { paymentId: payment._id, taskId: task._id, status: payment.status })
  return payment
}

const who = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)

const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ message, code, ...(fields ? { fields } : {}) }, { status })

const visibleTo = (me: User | null) => (p: Payment) =>
  me !== null && (p.student._id === me._id || p.startup._id === me._id || me.userType === 'admin')

/** The server's transition table (backend/payments): from which statuses, to which, by whom. */
const steps = {
  sent: { from: ['due', 'disputed'], to: 'sent', by: 'startup' },
  received: { from: ['sent', 'disputed'], to: 'received', by: 'student' },
  'not-received': { from: ['sent'], to: 'disputed', by: 'student' },
} as const

const METHODS = ['bank-transfer', 'upi', 'paypal', 'other']

/** The server's field checks of a step (backend/payments, validateStep). */
function stepProblem(step: keyof typeof steps, body: { method?: string; reference?: string; note?: string }): Record<string, string> | undefined {
  if (step === 'sent') {
    if (!METHODS.includes(body.method?.trim() ?? '')) return { method: 'Choose how you paid: bank-transfer, upi, paypal or other' }
    if ((body.reference?.trim() ?? '').length > 200) return { reference: 'Reference must be at most 200 characters' }
  }
  if (step === 'not-received') {
    const note = body.note?.trim() ?? ''
    if (!note) return { note: 'Say what is wrong: a note is required' }
    if (note.length > 1000) return { note: 'Note must be at most 1000 characters' }
  }
  return undefined
}

export const paymentHandlers = [
  // Before /api/payments/:id, which would take "provider" for an id.
  http.get('*/api/payments/provider', () => HttpResponse.json(ledger.provider)),
  http.get('*/api/payments', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status')
    const mine = ledger.payments.filter(visibleTo(who(request)))
    return pagedJson(status ? mine.filter((p) => p.status === status) : mine, request)
  }),
  http.get('*/api/payments/:id', ({ params, request }) => {
    const payment = ledger.payments.filter(visibleTo(who(request))).find((p) => p._id === params.id)
    return payment ? HttpResponse.json(payment) : fail(404, 'not_found', 'Payment not found.')
  }),
  http.get('*/api/payments/:id/receipt', ({ params, request }) => {
    const payment = ledger.payments.filter(visibleTo(who(request))).find((p) => p._id === params.id)
    if (!payment) return fail(404, 'not_found', 'Payment not found.')
    if (!['sent', 'received', 'disputed', 'transferred'].includes(payment.status))
      return fail(409, 'conflict', 'This payment has no receipt until it is sent.')
    return new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } })
  }),
  http.post('*/api/payments/:id/:step', async ({ params, request }) => {
    const step = params.step as keyof typeof steps
    if (!(step in steps)) return undefined
    const body = ((await request.json().catch(() => ({}))) ?? {}) as { method?: string; reference?: string; note?: string }
    const fields = stepProblem(step, body)
    if (fields) return fail(400, 'invalid', Object.values(fields)[0]!, fields)
    const me = who(request)
    const payment = ledger.payments.filter(visibleTo(me)).find((p) => p._id === params.id)
    if (!payment) return fail(404, 'not_found', 'Payment not found.')
    const rule = steps[step]
    const side = rule.by === 'startup' ? payment.startup._id : payment.student._id
    if (me?.userType !== rule.by || me._id !== side) return fail(403, 'forbidden', 'Only the other side of this payment can do that.')
    if (!(rule.from as readonly string[]).includes(payment.status))
      return fail(409, 'conflict', `A payment that is ${payment.status} cannot be ${step}.`)
    const at = new Date().toISOString()
    payment.status = rule.to
    if (step === 'sent') Object.assign(payment, { method: body.method!.trim(), reference: body.reference?.trim() ?? '' })
    if (step === 'received') payment.paidAt = at
    payment.events = [...payment.events, { status: rule.to, at, note: body.note?.trim() ?? '' }]
    for (const userId of [payment.student._id, payment.startup._id])
      pushEvent(userId, 'payment.updated', { paymentId: payment._id, taskId: payment.task._id, status: payment.status })
    return HttpResponse.json(payment)
  }),
  http.get('*/api/student/payouts', () => HttpResponse.json(ledger.payouts)),
  http.post('*/api/student/payouts/onboarding', () => HttpResponse.json({ url: STRIPE_ONBOARDING_URL })),
  http.post('*/api/startup/tasks/:id/funding', () => HttpResponse.json({ url: STRIPE_CHECKOUT_URL })),
]
