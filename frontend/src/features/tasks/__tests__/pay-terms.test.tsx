import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PaymentRecord } from '@/lib/payments/types'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, resetMarket } from '@/testing/mocks/marketplace'
import { ledger, makePayment } from '@/testing/mocks/payments'
import { renderApp } from '@/testing/test-utils'

// The terms before the work, in words, on the cards and the task page: what a place pays, the
// places left, who holds the money, and the startup's record of paying.

beforeEach(() => resetMarket())

function startupWith(paymentRecord: PaymentRecord) {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const task = (title: string, overrides: Parameters<typeof makeTask>[1] = {}) => {
    const made = makeTask(startup, { title, ...overrides })
    made.startup = { ...made.startup!, paymentRecord }
    return made
  }
  return { startup, task }
}

describe('the terms on the /tasks cards', () => {
  it('say the pay each, the paid places left, who pays, and the startup’s record', async () => {
    const { task } = startupWith({ approved: 12, paid: 12, disputed: 0, medianDaysToPay: 1.2 })
    task('Three logos', { budget: { min: 200, max: 200 }, seats: 3, seatsFilled: 1 })
    task('Volunteer copy')
    await renderApp('/tasks')
    const logos = await screen.findByRole('article', { name: 'Three logos' })
    expect(logos).toHaveTextContent('$200 each · 2 of 3 paid places left')
    expect(logos).toHaveTextContent('· Paid by the startup directly')
    expect(logos).toHaveTextContent('Payment record: Paid 12 of 12 approved students · usually within 2 days')
    const volunteer = screen.getByRole('article', { name: 'Volunteer copy' })
    expect(within(volunteer).getByText('Unpaid — certificate only')).toBeInTheDocument()
    expect(volunteer).not.toHaveTextContent('Paid by the startup directly')
  })

  it('say a new startup has no payments yet, and Stripe mode’s funds held by Bridgework', async () => {
    ledger.provider = { provider: 'stripe', platformFeePercent: 5 }
    const { task } = startupWith({ approved: 0, paid: 0, disputed: 0, medianDaysToPay: null })
    task('Funded logo', { budget: { min: 100, max: 100 }, funding: { status: 'funded', amount: 10000, currency: 'USD' } })
    task('Unfunded logo', { budget: { min: 100, max: 100 } })
    await renderApp('/tasks')
    const funded = await screen.findByRole('article', { name: 'Funded logo' })
    expect(funded).toHaveTextContent('New: no payments yet')
    await waitFor(() => expect(funded).toHaveTextContent('$100 · Funds held by Bridgework'))
    expect(screen.getByRole('article', { name: 'Unfunded logo' })).toHaveTextContent('· Not funded yet')
  })
})

describe('the terms on the task page', () => {
  it('say the pay, the places and the record with its disputes in words', async () => {
    const { task } = startupWith({ approved: 3, paid: 1, disputed: 1, medianDaysToPay: 0.4 })
    const logo = task('Design a logo', { budget: { min: 100, max: 250 }, currency: 'EUR', seats: 2, seatsFilled: 0 })
    await renderApp(`/tasks/${logo._id}`, { as: 'student' })
    expect(await screen.findByText('€100–€250 each · 2 of 2 paid places left')).toBeInTheDocument()
    expect(screen.getByText('Paid 1 of 3 approved students · usually within a day · 1 payment disputed')).toBeInTheDocument()
  })
})

describe('payments beside the student’s completed work', () => {
  it('/tasks shows each completed task’s payment, linked to it', async () => {
    const student = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
    const { startup, task } = startupWith({ approved: 1, paid: 0, disputed: 0, medianDaysToPay: null })
    const done = task('Landing page', { budget: { min: 200, max: 200 } })
    makeSubmission(done, student, { status: 'approved' })
    Object.assign(done, { status: 'completed', displayStatus: 'completed' })
    const payment = makePayment(done, student, startup, { status: 'sent', method: 'upi' })
    await renderApp('/tasks', { as: student })
    const region = await screen.findByRole('region', { name: 'Your Submitted Tasks' })
    const card = await within(region).findByRole('article', { name: 'Landing page' })
    const step = await within(card).findByRole('link', { name: 'sent — confirm?' })
    expect(step).toHaveAttribute('href', `/payments/${payment._id}`)
    expect(card).toHaveTextContent('Payment: sent — confirm?')
  })
})
