import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openExternal } from '@/lib/navigation'
import { seedAccount } from '@/testing/mocks/db'
import { market, resetMarket } from '@/testing/mocks/marketplace'
import { ledger, makePayment, STRIPE_ONBOARDING_URL } from '@/testing/mocks/payments'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

// Stripe's pages are elsewhere: the test sees where the app would send the browser.
vi.mock('@/lib/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/navigation')>()), openExternal: vi.fn() }))

beforeEach(() => {
  resetMarket()
  vi.mocked(openExternal).mockClear()
})

function scene() {
  const student = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const task = { _id: '0193b000-0000-7000-8000-00000000aaaa', title: 'Landing page' }
  return { student, startup, task }
}

const posted = (path: string) => market.requests.filter((r) => r.method === 'POST' && r.url.pathname === path).map((r) => r.body)
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent)
const card = (name: string) => screen.findByRole('article', { name })

describe('the Payments page, as the student', () => {
  it('lists each payment with its task, the startup, the amount, the status in words and its steps; tabs count them', async () => {
    const { student, startup, task } = scene()
    makePayment({ ...task, title: 'Logo' }, student, startup, { amount: 20000 })
    makePayment(task, student, startup, {
      amount: 15050,
      status: 'sent',
      method: 'bank-transfer',
      reference: 'TX-1',
      events: [
        { status: 'due', at: '2029-12-03T09:00:00Z', note: '' },
        { status: 'sent', at: '2029-12-04T09:00:00Z', note: '' },
      ],
    })
    makePayment({ ...task, title: 'Docs' }, student, startup, { status: 'received', paidAt: '2029-12-05T09:00:00Z' })
    const { events } = await renderApp('/payments', { as: student })

    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument()
    const sent = await card('Payment for Landing page from Nimbus Labs')
    expect(within(sent).getByRole('link', { name: 'Landing page' })).toHaveAttribute('href', `/tasks/${task._id}`)
    expect(within(sent).getByRole('link', { name: 'Nimbus Labs' })).toHaveAttribute('href', `/startup/${startup._id}`)
    expect(sent).toHaveTextContent('Amount: $150.50')
    expect(sent).toHaveTextContent('Status: Sent')
    expect(sent).toHaveTextContent('Confirm once it has arrived, or say it has not.')
    expect(sent).toHaveTextContent('Bank transfer · Reference TX-1')
    const steps = within(sent).getByRole('list', { name: 'Steps of the payment for Landing page' })
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' · ')[0]),
    ).toEqual(['Due', 'Sent'])
    expect(await card('Payment for Logo from Nimbus Labs')).toHaveTextContent('Amount: $200')
    await waitFor(() => expect(tabNames()).toEqual(['All (3)', 'Due (1)', 'Sent (1)', 'Received (1)', 'Disputed (0)']))

    await events.click(screen.getByRole('tab', { name: 'Due (1)' }))
    expect(await card('Payment for Logo from Nimbus Labs')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('article', { name: /Landing page/ })).not.toBeInTheDocument())
    expect(market.requests.some((r) => r.url.pathname === '/api/payments' && r.url.searchParams.get('status') === 'due')).toBe(true)
    await events.click(screen.getByRole('tab', { name: 'Disputed (0)' }))
    expect(await screen.findByText('No payments here: none is disputed.')).toBeInTheDocument()
  })

  it('says No payments yet before any', async () => {
    const { student } = scene()
    await renderApp('/payments', { as: student })
    expect(await screen.findByText('No payments yet')).toBeInTheDocument()
    expect(screen.getByText('When a startup approves your paid work, its payment shows here.')).toBeInTheDocument()
  })

  it('says it failed to fetch, and Retry reads again', async () => {
    const { student, startup, task } = scene()
    makePayment(task, student, startup)
    let failures = 1
    server.use(
      http.get('*/api/payments', ({ request }) => {
        if (new URL(request.url).searchParams.get('per_page') !== '20' || failures-- <= 0) return undefined
        return HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })
      }),
    )
    const { events } = await renderApp('/payments', { as: student })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to fetch payments')
    await events.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await card('Payment for Landing page from Nimbus Labs')).toBeInTheDocument()
  })

  it('confirms a payment sent: it reads Received and the startup is asked nothing more', async () => {
    const { student, startup, task } = scene()
    const payment = makePayment(task, student, startup, { status: 'sent', method: 'upi' })
    const { events } = await renderApp('/payments', { as: student })
    const sent = await card('Payment for Landing page from Nimbus Labs')
    await events.click(within(sent).getByRole('button', { name: 'Confirm received' }))
    expect(await screen.findByText('Payment confirmed as received')).toBeInTheDocument()
    await waitFor(() => expect(sent).toHaveTextContent('Status: Received'))
    expect(within(sent).queryByRole('button', { name: 'Confirm received' })).not.toBeInTheDocument()
    expect(within(sent).queryByRole('button', { name: 'Not received' })).not.toBeInTheDocument()
    expect(posted(`/api/payments/${payment._id}/received`)).toHaveLength(1)
  })

  it('reports a payment not received, with the note it requires', async () => {
    const { student, startup, task } = scene()
    const payment = makePayment(task, student, startup, { status: 'sent', method: 'paypal' })
    makePayment({ ...task, title: 'Logo' }, student, startup)
    const { events } = await renderApp('/payments', { as: student })
    expect(within(await card('Payment for Logo from Nimbus Labs')).queryByRole('button', { name: 'Not received' })).not.toBeInTheDocument()
    const sent = await card('Payment for Landing page from Nimbus Labs')
    await events.click(within(sent).getByRole('button', { name: 'Not received' }))
    const dialog = screen.getByRole('dialog', { name: 'Not received' })
    const note = within(dialog).getByRole('textbox', { name: 'What is wrong' })
    expect(note).toHaveFocus()
    await events.click(within(dialog).getByRole('button', { name: 'Report not received' }))
    expect(await within(dialog).findByText('Say what is wrong: a note is required')).toBeInTheDocument()
    expect(posted(`/api/payments/${payment._id}/not-received`)).toEqual([])

    await events.type(note, 'Nothing in my PayPal yet.')
    await events.click(within(dialog).getByRole('button', { name: 'Report not received' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('The startup was told the payment has not arrived')).toBeInTheDocument()
    await waitFor(() => expect(sent).toHaveTextContent('Status: Disputed: not received'))
    expect(sent).toHaveTextContent('Nothing in my PayPal yet.')
    // A disputed payment can still be confirmed once it arrives.
    expect(within(sent).getByRole('button', { name: 'Confirm received' })).toBeInTheDocument()
    expect(posted(`/api/payments/${payment._id}/not-received`)).toEqual([{ note: 'Nothing in my PayPal yet.' }])
  })

  it('downloads the receipt of a sent payment as receipt_{id}.pdf; a due one has none', async () => {
    const { student, startup, task } = scene()
    const payment = makePayment(task, student, startup, { status: 'sent', method: 'upi' })
    makePayment({ ...task, title: 'Logo' }, student, startup)
    URL.createObjectURL = vi.fn(() => 'blob:receipt')
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const { events } = await renderApp('/payments', { as: student })
    expect(within(await card('Payment for Logo from Nimbus Labs')).queryByRole('button', { name: /Receipt/ })).not.toBeInTheDocument()
    await events.click(within(await card('Payment for Landing page from Nimbus Labs')).getByRole('button', { name: 'Receipt for Landing page' }))
    await waitFor(() => expect(saved).toEqual([`receipt_${payment._id}.pdf`]))
    expect(market.requests.some((r) => r.url.pathname === `/api/payments/${payment._id}/receipt`)).toBe(true)
  })

  it('shows a step the startup took live, with no reload', async () => {
    const { student, startup, task } = scene()
    const payment = makePayment(task, student, startup)
    await renderApp('/payments', { as: student })
    const due = await card('Payment for Landing page from Nimbus Labs')
    expect(due).toHaveTextContent('Status: Due')
    await waitFor(() => expect(isConnected(student._id)).toBe(true))

    Object.assign(payment, { status: 'sent', method: 'bank-transfer', reference: 'TX-7' })
    act(() => pushEvent(student._id, 'payment.updated', { paymentId: payment._id, taskId: task._id, status: 'sent' }))
    await waitFor(() => expect(due).toHaveTextContent('Status: Sent'))
    expect(due).toHaveTextContent('Reference TX-7')
    expect(within(due).getByRole('button', { name: 'Confirm received' })).toBeInTheDocument()
  })
})

describe('the Payments page, as the startup', () => {
  it('marks a due payment sent: how it paid is required, a refusal shows on its field, then the student is asked', async () => {
    const { student, startup, task } = scene()
    const payment = makePayment(task, student, startup, { amount: 25000 })
    let refusals = 1
    server.use(
      http.post('*/api/payments/:id/sent', () => {
        if (refusals-- <= 0) return undefined
        const message = 'Reference must be at most 200 characters'
        return HttpResponse.json({ message, code: 'invalid', fields: { reference: message } }, { status: 400 })
      }),
    )
    const { events } = await renderApp('/payments', { as: startup })
    const due = await card('Payment for Landing page to Rosa Diaz')
    expect(within(due).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute('href', `/startup/students/${student._id}`)
    expect(due).toHaveTextContent('Pay the student directly, then mark it as sent.')
    expect(within(due).queryByRole('button', { name: 'Confirm received' })).not.toBeInTheDocument()
    await events.click(within(due).getByRole('button', { name: 'Mark as sent' }))
    const dialog = screen.getByRole('dialog', { name: 'Mark as sent' })
    expect(dialog).toHaveAccessibleDescription(/You paid Rosa Diaz \$250 for "Landing page"/)
    const method = within(dialog).getByRole('combobox', { name: 'How you paid' })
    await events.click(within(dialog).getByRole('button', { name: 'Mark as sent' }))
    expect(await within(dialog).findByText('Choose how you paid: bank-transfer, upi, paypal or other')).toBeInTheDocument()
    expect(method).toHaveAttribute('aria-invalid', 'true')

    await events.selectOptions(method, 'Bank transfer')
    const reference = within(dialog).getByRole('textbox', { name: 'Reference (optional)' })
    await events.type(reference, ' TX-9 ')
    await events.click(within(dialog).getByRole('button', { name: 'Mark as sent' }))
    await waitFor(() => expect(reference).toHaveAccessibleDescription('Reference must be at most 200 characters'))

    await events.click(within(dialog).getByRole('button', { name: 'Mark as sent' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Payment marked as sent')).toBeInTheDocument()
    await waitFor(() => expect(due).toHaveTextContent('Status: Sent'))
    expect(due).toHaveTextContent('Waiting for the student to confirm it arrived.')
    expect(within(due).queryByRole('button', { name: 'Mark as sent' })).not.toBeInTheDocument()
    // The refused one was answered by the override before the mock recorded it.
    expect(posted(`/api/payments/${payment._id}/sent`)).toEqual([{ method: 'bank-transfer', reference: 'TX-9' }])
  })

  it('offers Mark as sent again on a disputed payment', async () => {
    const { student, startup, task } = scene()
    makePayment(task, student, startup, {
      status: 'disputed',
      method: 'upi',
      events: [{ status: 'disputed', at: '2029-12-05T09:00:00Z', note: 'Not in my account' }],
    })
    await renderApp('/payments', { as: startup })
    const disputed = await card('Payment for Landing page to Rosa Diaz')
    expect(disputed).toHaveTextContent('The student says it has not arrived.')
    expect(disputed).toHaveTextContent('Not in my account')
    expect(within(disputed).getByRole('button', { name: 'Mark as sent again' })).toBeInTheDocument()
  })
})

describe('one payment, /payments/:id', () => {
  it('shows the payment the work screens link to, and another one is not found', async () => {
    const { student, startup, task } = scene()
    const payment = makePayment(task, student, startup, { status: 'received', method: 'upi' })
    const other = seedAccount({ userType: 'student' }).user
    const theirs = makePayment(task, other, startup)
    const { router } = await renderApp(`/payments/${payment._id}`, { as: student })
    expect(await card('Payment for Landing page from Nimbus Labs')).toHaveTextContent('Status: Received')
    expect(screen.getByRole('link', { name: '← All payments' })).toHaveAttribute('href', '/payments')
    await router.navigate(`/payments/${theirs._id}`)
    expect(await screen.findByText('Payment not found.')).toBeInTheDocument()
  })
})

describe('who may open /payments', () => {
  it('sends a visitor to sign in and the admin home', async () => {
    const { router, unmount } = await renderApp('/payments')
    expect(router.location.pathname).toBe('/login')
    unmount()
    const { router: adminRouter } = await renderApp('/payments', { as: 'admin' })
    expect(adminRouter.location.pathname).toBe('/')
  })
})

describe('Stripe mode', () => {
  it('tabs the statuses Bridgework moves, and the student connects payouts on Stripe', async () => {
    const { student, startup, task } = scene()
    ledger.provider = { provider: 'stripe', platformFeePercent: 5 }
    makePayment(task, student, startup, { status: 'awaiting_student' })
    const { events } = await renderApp('/payments', { as: student })
    const awaiting = await card('Payment for Landing page from Nimbus Labs')
    expect(awaiting).toHaveTextContent('Connect payouts to receive it.')
    await waitFor(() => expect(tabNames()).toEqual(['All (1)', 'Awaiting payout account (1)', 'Held (0)', 'Paid out (0)', 'Failed (0)']))
    const payouts = await screen.findByRole('region', { name: 'Payouts' })
    await events.click(within(payouts).getByRole('button', { name: 'Connect payouts' }))
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith(STRIPE_ONBOARDING_URL))
    expect(posted('/api/student/payouts/onboarding')).toHaveLength(1)
  })

  it('says a payout account Stripe is checking, and one connected, without asking again', async () => {
    const { student } = scene()
    ledger.provider = { provider: 'stripe', platformFeePercent: 5 }
    ledger.payouts = { status: 'pending' }
    const { unmount } = await renderApp('/payments', { as: student })
    const payouts = await screen.findByRole('region', { name: 'Payouts' })
    expect(payouts).toHaveTextContent('Stripe is still checking your payout account.')
    expect(within(payouts).getByRole('button', { name: 'Continue setup' })).toBeInTheDocument()
    unmount()
    ledger.payouts = { status: 'enabled' }
    await renderApp('/payments', { as: student })
    expect(await screen.findByRole('region', { name: 'Payouts' })).toHaveTextContent('Payouts connected')
    expect(screen.queryByRole('button', { name: /Connect payouts|Continue setup/ })).not.toBeInTheDocument()
  })

  it('offers no payouts offline', async () => {
    const { student } = scene()
    await renderApp('/payments', { as: student })
    await screen.findByText('No payments yet')
    expect(screen.queryByRole('region', { name: 'Payouts' })).not.toBeInTheDocument()
    expect(market.requests.some((r) => r.url.pathname === '/api/student/payouts')).toBe(false)
  })
})
