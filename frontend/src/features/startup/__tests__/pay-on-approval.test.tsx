import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openExternal } from '@/lib/navigation'
import type { Task } from '@/types/tasks'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { ledger, makePayment, STRIPE_CHECKOUT_URL } from '@/testing/mocks/payments'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

// Stripe Checkout is elsewhere: the test sees where the app would send the browser.
vi.mock('@/lib/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/navigation')>()), openExternal: vi.fn() }))

beforeEach(() => {
  resetMarket()
  vi.mocked(openExternal).mockClear()
})

function scene(overrides: Partial<Task> = {}) {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const student = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
  const task = makeTask(startup, { title: 'Landing page', ...overrides })
  const submission = makeSubmission(task, student, { link: 'https://figma.com/rosa/landing' })
  return { startup, student, task, submission }
}

const posted = (path: string) => market.requests.filter((r) => r.method === 'POST' && r.url.pathname === path).map((r) => r.body)

async function openApprove(events: { click: (element: Element) => Promise<void> }) {
  await events.click(await screen.findByRole('button', { name: "Approve Rosa Diaz's submission" }))
  return screen.findByRole('dialog', { name: "Approve Rosa Diaz's work on 'Landing page'?" })
}

describe('the approve dialog on paid work', () => {
  it('asks for the pay, the budget max at first, limited to the budget, and sends it as payAmount', async () => {
    const { startup, student, task, submission } = scene({ budget: { min: 100, max: 250 } })
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    const dialog = await openApprove(events)
    const pay = within(dialog).getByRole('spinbutton', { name: 'Pay for this work' })
    expect(pay).toHaveValue(250)
    expect(pay).toHaveFocus()
    expect(pay).toHaveAttribute('min', '100')
    expect(pay).toHaveAttribute('max', '250')
    expect(pay).toHaveAccessibleDescription("Between $100 and $250, the task's budget.")
    expect(within(dialog).getByText('USD')).toBeInTheDocument()

    await events.clear(pay)
    await events.type(pay, '300')
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(pay).toHaveAccessibleDescription("Pay must be between $100 and $250, the task's budget")
    await events.clear(pay)
    await events.type(pay, '99.999')
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(pay).toHaveAccessibleDescription("Pay must be between $100 and $250, the task's budget")
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([])

    await events.clear(pay)
    await events.type(pay, '180.50')
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: '', closeTask: true, payAmount: 180.5, revision: 1 },
    ])
    expect(ledger.payments.map((p) => [p.submission, p.amount, p.status])).toEqual([[submission._id, 18050, 'due']])
    // The approved submission shows its payment, a link to it.
    const row = screen.getByRole('listitem', { name: "Rosa Diaz's submission" })
    const step = await within(row).findByRole('link', { name: 'due — mark it as sent' })
    expect(step).toHaveAttribute('href', `/payments/${ledger.payments[0]!._id}`)
  })

  it('shows the server’s refusal of the pay on its field', async () => {
    const { startup, task } = scene({ budget: { min: 200, max: 200 } })
    const message = "Pay must be between 200.00 USD and 200.00 USD, the task's budget"
    server.use(
      http.post('*/api/startup/tasks/:id/approve', () =>
        HttpResponse.json({ message, code: 'invalid', fields: { payAmount: message } }, { status: 400 }),
      ),
    )
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    const dialog = await openApprove(events)
    const pay = within(dialog).getByRole('spinbutton', { name: 'Pay for this work' })
    expect(pay).toHaveAccessibleDescription("The task's budget: $200.")
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(pay).toHaveAccessibleDescription(message))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('says Unpaid — certificate only for a budget of 0 and sends no pay', async () => {
    const { startup, student, task } = scene()
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    const dialog = await openApprove(events)
    expect(within(dialog).getByText('Unpaid — certificate only')).toBeInTheDocument()
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument()
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: '', closeTask: true, revision: 1 },
    ])
    expect(ledger.payments).toEqual([])
  })

  it('with paid places left says how many, fills one and keeps the task open unless closed now', async () => {
    const { startup, student, task } = scene({ budget: { min: 200, max: 200 }, seats: 3, seatsFilled: 1 })
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    const dialog = await openApprove(events)
    expect(dialog).toHaveTextContent('2 of 3 paid places left: approving fills one.')
    expect(within(dialog).getByRole('radio', { name: /Fill one place and keep the task open/ })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: /Close the task now/ })).not.toBeChecked()
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    // No closeTask: the server fills a place, and only the last completes the task.
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: '', payAmount: 200, revision: 1 },
    ])
    expect([task.seatsFilled, task.status]).toEqual([2, 'open'])
  })

  it('on the last paid place closes the task, or keeps it open adding a place', async () => {
    const { startup, student, task } = scene({ budget: { min: 200, max: 200 }, seats: 2, seatsFilled: 1 })
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    const dialog = await openApprove(events)
    expect(dialog).toHaveTextContent('1 of 2 paid places left: approving fills one, the last.')
    expect(within(dialog).getByRole('radio', { name: /Close the task/ })).toBeChecked()
    const keep = within(dialog).getByRole('radio', { name: /Keep the task open for more students/ })
    expect(keep).toHaveAccessibleName(/It adds a paid place for the next approval\./)
    await events.click(keep)
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: '', closeTask: false, payAmount: 200, revision: 1 },
    ])
    expect([task.seats, task.seatsFilled, task.status]).toEqual([3, 2, 'open'])
  })

  it('from the submissions table reads the task first, for its pay and places', async () => {
    const { startup, task } = scene({ budget: { min: 50, max: 120 }, currency: 'EUR', seats: 4, seatsFilled: 0 })
    const { events } = await renderApp('/startup/submissions', { as: startup })
    const dialog = await openApprove(events)
    expect(within(dialog).getByRole('spinbutton', { name: 'Pay for this work' })).toHaveValue(120)
    expect(dialog).toHaveTextContent('4 of 4 paid places left: approving fills one.')
    expect(market.requests.some((r) => r.method === 'GET' && r.url.pathname === `/api/startup/tasks/${task._id}`)).toBe(true)
  })
})

describe('payments beside the startup’s approved work', () => {
  it('the submissions table shows each approved row’s payment, asking the payments once', async () => {
    const { startup, student, task, submission } = scene({ budget: { min: 200, max: 200 } })
    submission.status = 'approved'
    const other = makeSubmission(task, seedAccount({ userType: 'student', firstName: 'Ada', lastName: 'Byron' }).user, { status: 'approved' })
    makePayment(task, student, startup, { submission: submission._id, status: 'sent', method: 'upi' })
    const due = makePayment(task, { ...student, _id: other.student!._id }, startup, { submission: other._id })
    await renderApp('/startup/submissions', { as: startup })
    const table = await screen.findByRole('table')
    expect(await within(table).findByRole('link', { name: 'sent — waiting for the student' })).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'due — mark it as sent' })).toHaveAttribute('href', `/payments/${due._id}`)
    expect(market.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/payments')).toHaveLength(1)
  })

  it('asks for no payments while nothing is approved', async () => {
    const { startup, task } = scene({ budget: { min: 200, max: 200 } })
    await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    await screen.findByRole('button', { name: "Approve Rosa Diaz's submission" })
    expect(market.requests.some((r) => r.url.pathname === '/api/payments')).toBe(false)
  })
})

describe('Fund this task (Stripe mode)', () => {
  it('offers a paid task not yet funded to be funded on Stripe, on its page and in My Works', async () => {
    ledger.provider = { provider: 'stripe', platformFeePercent: 5 }
    const { startup, task } = scene({ budget: { min: 100, max: 200 }, seats: 3 })
    const { events, router } = await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    expect(await screen.findByText('Fund $600 up front: Bridgework holds it and pays each approved student.')).toBeInTheDocument()
    expect(screen.getByText(/Not funded yet/)).toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Fund Landing page' }))
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith(STRIPE_CHECKOUT_URL))
    expect(posted(`/api/startup/tasks/${task._id}/funding`)).toHaveLength(1)
    await router.navigate('/startup/tasks')
    expect(await screen.findByRole('button', { name: 'Fund Landing page' })).toBeInTheDocument()
  })

  it('offers nothing for a funded task, which says Bridgework holds the funds', async () => {
    ledger.provider = { provider: 'stripe', platformFeePercent: 5 }
    const { startup, task } = scene({ budget: { min: 100, max: 200 }, funding: { status: 'funded', amount: 20000, currency: 'USD' } })
    await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    expect(await screen.findByText(/Funds held by Bridgework/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Fund / })).not.toBeInTheDocument()
  })

  it('offers nothing offline, where the startup pays directly', async () => {
    const { startup, task } = scene({ budget: { min: 100, max: 200 } })
    await renderApp(`/startup/tasks/${task._id}`, { as: startup })
    expect(await screen.findByText(/Paid by the startup directly/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Fund / })).not.toBeInTheDocument()
    expect(market.requests.some((r) => r.url.pathname === '/api/payments/provider')).toBe(true)
  })
})
