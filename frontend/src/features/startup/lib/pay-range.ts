import { currencyDigits, formatAmount } from '@/lib/tasks/pay'
import type { Task } from '@/types/tasks'

/** What the approve dialog knows of a task's pay: its budget, currency and paid places. */
export type PayTerms = Pick<Task, 'budget' | 'currency' | 'seats' | 'seatsFilled'>

/**
 * What one approved submission may be paid, in the budget's units: from the budget's min to its
 * max, a budget of only a min paying that (backend/tasks, PayRange). A top of 0 is unpaid work.
 */
export function payRange({ budget }: Pick<PayTerms, 'budget'>): { lo: number; hi: number } {
  const lo = Math.max(0, budget.min || 0)
  return { lo, hi: Math.max(lo, budget.max || 0) }
}

/** The server's words for pay outside the budget (backend/tasks, payAmount). */
export function payOutsideBudget(terms: Pick<PayTerms, 'budget' | 'currency'>): string {
  const { lo, hi } = payRange(terms)
  return `Pay must be between ${formatAmount(lo, terms.currency)} and ${formatAmount(hi, terms.currency)}, the task's budget`
}

/**
 * What is wrong with the pay typed for an approval, if anything: it must be a number within the
 * budget, in whole minor units of its currency (no fraction of a cent).
 */
export function payProblem(value: string, terms: Pick<PayTerms, 'budget' | 'currency'>): string | undefined {
  const { lo, hi } = payRange(terms)
  const pay = Number(value.trim())
  const minor = pay * 10 ** currencyDigits(terms.currency)
  const whole = Math.abs(minor - Math.round(minor)) < 1e-6
  if (!value.trim() || !Number.isFinite(pay) || pay < lo || pay > hi || pay <= 0 || !whole) return payOutsideBudget(terms)
  return undefined
}
