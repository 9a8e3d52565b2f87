import { describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { saveScreenshot } from './support/browser'
import { markNoReload, openAs, useStudentAndStartup, waitForLive, wasNotReloaded } from './support/live'

// Offline payments on two screens at once (the server's PAYMENTS=offline default): the startup
// approves paid work with its pay and marks the payment sent; the student sees it live on the
// Payments page and confirms it, and the startup sees it received live. Then a dispute: the
// student says a payment has not arrived, with a note, and the startup's payment record, read
// from the server, says so.

const users = useStudentAndStartup('payments')

const LIVE = { timeout: 10_000 }
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** A paid task of the startup's with the student's link on it. */
async function paidTaskWithWork(title: string, budget: { min: number; max: number }) {
  const { student, startup } = users
  const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
    title,
    description: 'A landing page, paid on approval.',
    workType: 'technical',
    category: 'web-development',
    skills: ['HTML'],
    estimatedHours: 3,
    deadline: inDays(7),
    budget,
    currency: 'USD',
  })
  await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: 'https://example.com/landing' })
  return task
}

describe('offline payments', () => {
  it('approve with pay → mark sent → live on the student’s Payments page → confirmed → received live on the startup’s', async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, 'payments-sent-student')
      await saveScreenshot(startupPage, 'payments-sent-startup')
    })
    const title = `Paid landing ${Date.now().toString(36)}`
    const task = await paidTaskWithWork(title, { min: 100, max: 200 })

    await openAs(startupPage, startup, `/startup/tasks/${task._id}`)
    await openAs(studentPage, student, '/payments')
    await studentPage.getByText('No payments yet').waitFor()
    await waitForLive(startupPage)
    await waitForLive(studentPage)
    await markNoReload(startupPage)
    await markNoReload(studentPage)

    // The startup approves, paying $150 of the $100–$200 budget.
    const submission = startupPage.getByRole('listitem', { name: "Ada Lovelace's submission" })
    await submission.getByRole('button', { name: "Approve Ada Lovelace's submission" }).click()
    const approve = startupPage.getByRole('dialog', { name: `Approve Ada Lovelace's work on '${title}'?` })
    const pay = approve.getByRole('spinbutton', { name: 'Pay for this work' })
    expect(await pay.inputValue()).toBe('200')
    await pay.fill('150')
    await approve.getByRole('button', { name: 'Confirm' }).click()
    await startupPage.getByText('Work approved!').waitFor()
    const step = submission.getByRole('link', { name: 'due — mark it as sent' })
    await step.waitFor(LIVE)

    // The student's Payments page shows the payment due, live.
    const studentCard = studentPage.getByRole('article', { name: `Payment for ${title} from Acme Labs` })
    await studentCard.getByText('Status: Due').waitFor(LIVE)
    await studentCard.getByText('$150').waitFor()

    // The startup opens the payment from its row and marks it sent.
    await step.click()
    const startupCard = startupPage.getByRole('article', { name: `Payment for ${title} to Ada Lovelace` })
    await startupCard.getByRole('button', { name: 'Mark as sent' }).click()
    const sent = startupPage.getByRole('dialog', { name: 'Mark as sent' })
    await sent.getByRole('button', { name: 'Mark as sent' }).click()
    await sent.getByText('Choose how you paid: bank-transfer, upi, paypal or other').waitFor()
    await sent.getByLabel('How you paid').selectOption({ label: 'Bank transfer' })
    await sent.getByLabel('Reference (optional)').fill('TX-E2E-1')
    await sent.getByRole('button', { name: 'Mark as sent' }).click()
    await sent.waitFor({ state: 'detached' })
    await startupCard.getByText('Status: Sent').waitFor()

    // It reaches the student live; they confirm it arrived.
    await studentCard.getByText('Status: Sent').waitFor(LIVE)
    await studentCard.getByText('TX-E2E-1').waitFor()
    await studentCard.getByRole('button', { name: 'Confirm received' }).click()
    await studentPage.getByText('Payment confirmed as received').waitFor()
    await studentCard.getByText('Status: Received').waitFor()

    // The startup's screen shows it received, live.
    await startupCard.getByText('Status: Received').waitFor(LIVE)
    expect(await startupCard.getByRole('button', { name: /Mark as sent/ }).count()).toBe(0)
    expect(await wasNotReloaded(studentPage)).toBe(true)
    expect(await wasNotReloaded(startupPage)).toBe(true)

    const payments = await apiCall<Array<{ task: { _id: string }; amount: number; status: string; method: string; reference: string }>>(
      'GET',
      '/api/payments',
      student.token,
    )
    expect(
      payments.filter((p) => p.task._id === task._id).map(({ amount, status, method, reference }) => ({ amount, status, method, reference })),
    ).toEqual([{ amount: 15000, status: 'received', method: 'bank-transfer', reference: 'TX-E2E-1' }])
  })

  it('a dispute: the student says it has not arrived, with a note; the startup’s record says so', async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, 'payments-dispute-student')
      await saveScreenshot(startupPage, 'payments-dispute-startup')
    })
    const title = `Disputed landing ${Date.now().toString(36)}`
    const task = await paidTaskWithWork(title, { min: 80, max: 80 })
    await apiCall('POST', `/api/startup/tasks/${task._id}/approve`, startup.token, { studentId: student.user._id, approve: true, payAmount: 80 })
    const [payment] = (await apiCall<Array<{ _id: string; task: { _id: string } }>>('GET', '/api/payments', startup.token)).filter(
      (p) => p.task._id === task._id,
    )
    await apiCall('POST', `/api/payments/${payment!._id}/sent`, startup.token, { method: 'paypal', reference: 'PP-42' })

    await openAs(studentPage, student, '/payments')
    await openAs(startupPage, startup, '/payments')
    await waitForLive(studentPage)
    await waitForLive(startupPage)
    await markNoReload(startupPage)

    const studentCard = studentPage.getByRole('article', { name: `Payment for ${title} from Acme Labs` })
    await studentCard.getByText('Status: Sent').waitFor()
    await studentCard.getByRole('button', { name: 'Not received' }).click()
    const dialog = studentPage.getByRole('dialog', { name: 'Not received' })
    await dialog.getByRole('button', { name: 'Report not received' }).click()
    await dialog.getByText('Say what is wrong: a note is required').waitFor()
    await dialog.getByLabel('What is wrong').fill('Nothing in my PayPal for PP-42.')
    await dialog.getByRole('button', { name: 'Report not received' }).click()
    await dialog.waitFor({ state: 'detached' })
    await studentCard.getByText('Status: Disputed: not received').waitFor()

    // The startup's Payments page shows the dispute and the note live.
    const startupCard = startupPage.getByRole('article', { name: `Payment for ${title} to Ada Lovelace` })
    await startupCard.getByText('Status: Disputed: not received').waitFor(LIVE)
    await startupCard.getByText('Nothing in my PayPal for PP-42.').waitFor()
    await startupCard.getByRole('button', { name: 'Mark as sent again' }).waitFor()
    expect(await wasNotReloaded(startupPage)).toBe(true)

    // The record is the server's: on the startup's profile and on its task's page.
    await studentPage.goto(`/startup/${startup.user._id}`)
    await studentPage.getByText(/Paid 1 of 2 approved students · .*1 payment disputed/).waitFor()
    await studentPage.goto(`/tasks/${task._id}`)
    await studentPage.getByRole('heading', { level: 1, name: title }).waitFor()
    await studentPage.getByText(/1 payment disputed/).waitFor()
    const record = await apiCall<{ startup: { paymentRecord: { approved: number; paid: number; disputed: number } } }>(
      'GET',
      `/api/startup/${startup.user._id}`,
      student.token,
    )
    expect(record.startup.paymentRecord).toMatchObject({ approved: 2, paid: 1, disputed: 1 })
  })
})
