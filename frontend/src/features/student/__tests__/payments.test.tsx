import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openExternal } from '@/lib/navigation'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { ledger, makePayment, STRIPE_ONBOARDING_URL } from '@/testing/mocks/payments'
import { renderApp } from '@/testing/test-utils'

// Stripe's onboarding is elsewhere: the test sees where the app would send the browser.
vi.mock('@/lib/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/navigation')>()), openExternal: vi.fn() }))

beforeEach(() => {
  resetMarket()
  vi.mocked(openExternal).mockClear()
})

function completedWork() {
  const student = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const task = makeTask(startup, { title: 'Landing page', budget: { min: 200, max: 200 } })
  makeSubmission(task, student, { status: 'approved' })
  Object.assign(task, { status: 'completed', displayStatus: 'completed', completedAt: '2029-12-05T00:00:00Z' })
  return { student, startup, task }
}

describe('the student dashboard’s payments', () => {
  it('Recently Completed says each payment’s step, a link to it', async () => {
    const { student, startup, task } = completedWork()
    const payment = makePayment(task, student, startup, { status: 'sent', method: 'bank-transfer' })
    await renderApp('/dashboard', { as: student })
    const done = await screen.findByRole('region', { name: 'Recently Completed' })
    const step = await within(done).findByRole('link', { name: 'sent — confirm?' })
    expect(step).toHaveAttribute('href', `/payments/${payment._id}`)
    // eslint-disable-next-line testing-library/no-node-access -- the link finishes the line its label starts
    expect(step.parentElement).toHaveTextContent('Payment: sent — confirm?')
    expect(screen.queryByRole('region', { name: 'Payouts' })).not.toBeInTheDocument()
  })

  it('asks for no payments without completed work', async () => {
    const student = seedAccount({ userType: 'student' }).user
    await renderApp('/dashboard', { as: student })
    await screen.findByText('No completed tasks yet')
    expect(market.requests.some((r) => r.url.pathname === '/api/payments')).toBe(false)
  })

  it('in Stripe mode offers Connect payouts, which opens Stripe’s onboarding', async () => {
    ledger.provider = { provider: 'stripe', platformFeePercent: 5 }
    const { student, startup, task } = completedWork()
    makePayment(task, student, startup, { status: 'awaiting_student' })
    const { events } = await renderApp('/dashboard', { as: student })
    const done = await screen.findByRole('region', { name: 'Recently Completed' })
    expect(await within(done).findByRole('link', { name: 'waiting for a payout account' })).toBeInTheDocument()
    const payouts = await screen.findByRole('region', { name: 'Payouts' })
    await events.click(within(payouts).getByRole('button', { name: 'Connect payouts' }))
    expect(openExternal).toHaveBeenCalledWith(STRIPE_ONBOARDING_URL)
  })
})
