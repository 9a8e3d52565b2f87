import { useMemo } from 'react'
import { api, MAX_PER_PAGE, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { Payment, PaymentStatus } from './types'

export type PaymentsQuery = { status?: PaymentStatus; page?: number; perPage?: number }

/** The Payments page shows 20 a page. */
export const PAYMENTS_PER_PAGE = 20

/** GET /api/payments: the caller's payments, newest first (a student's to them, a startup's own). */
export function getPayments({ status, page = 1, perPage = PAYMENTS_PER_PAGE }: PaymentsQuery): Promise<Paged<Payment>> {
  return api.getPage<Payment>('/payments', { query: { status }, page, perPage })
}

export function usePayments(query: PaymentsQuery, options: { enabled?: boolean } = {}) {
  return usePagedQuery({ queryKey: queryKeys.payments.list(query), queryFn: () => getPayments(query), enabled: options.enabled ?? true })
}

/** The newest MAX_PER_PAGE payments, one request: what the work screens match their rows with. */
const RECENT: PaymentsQuery = { page: 1, perPage: MAX_PER_PAGE }

/**
 * The caller's newest payments (one page of MAX_PER_PAGE), for the screens that show a payment
 * beside the work it pays and for the Payments page's counts: one request however many rows ask.
 * Asked only while `enabled` (a screen with approved work on it).
 */
export function useRecentPayments(enabled = true) {
  return usePayments(RECENT, { enabled })
}

/** Payments by a key of each: their submission (a startup's rows) or their task (a student's). */
export type PaymentsBy = ReadonlyMap<string, Payment>

function useIndexed(enabled: boolean, keyOf: (payment: Payment) => string): PaymentsBy {
  const { data } = useRecentPayments(enabled)
  return useMemo(() => new Map((data?.items ?? []).map((payment) => [keyOf(payment), payment])), [data, keyOf])
}

const bySubmission = (payment: Payment) => payment.submission
const byTask = (payment: Payment) => payment.task._id

/** A startup's payments by the approved submission each pays (a task with seats has several). */
export function usePaymentsBySubmission(enabled = true): PaymentsBy {
  return useIndexed(enabled, bySubmission)
}

/** A student's payments by task: a student has one submission, so at most one payment, per task. */
export function usePaymentsByTask(enabled = true): PaymentsBy {
  return useIndexed(enabled, byTask)
}
