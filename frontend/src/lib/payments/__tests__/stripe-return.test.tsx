import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeTask, resetMarket } from '@/testing/mocks/marketplace'
import { ledger } from '@/testing/mocks/payments'
import { renderApp } from '@/testing/test-utils'
import { STRIPE_RETURNS } from '../stripe-return'

beforeEach(() => {
  resetMarket()
  ledger.provider = { provider: 'stripe', platformFeePercent: 0 }
})

// Stripe sends people back to addresses of ours with a word of how it went; the page says it
// once and drops it from the address, so a reload says nothing again.
describe('back from Stripe', () => {
  it("says the student's onboarding return on /payments, once", async () => {
    const student = seedAccount({ userType: 'student' }).user
    const { router } = await renderApp('/payments?payouts=refresh', { as: student })
    expect(await screen.findByText(STRIPE_RETURNS.payouts.refresh)).toBeInTheDocument()
    await waitFor(() => expect(router.location.search).toBe(''))
  })

  it("says the startup's Checkout return on its task page", async () => {
    const startup = seedAccount({ userType: 'startup', companyName: 'Fund Co' })
    const task = makeTask(startup.user, { budget: { min: 0, max: 200 } })
    const { router } = await renderApp(`/startup/tasks/${task._id}?funding=success`, { as: startup.user })
    expect(await screen.findByText(STRIPE_RETURNS.funding.success)).toBeInTheDocument()
    await waitFor(() => expect(router.location.search).toBe(''))
  })
})
