import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn } from './support/browser'
import { BASE_URL } from './support/env'
import { openAs, register, type Account } from './support/live'
import { waitForMail } from './support/smtp-sink'

// docs/api-contract.md, "Verified issuers": a certificate says who really issued it. A startup with
// a website verifies its company through the link the server mails (for real, to the journeys' SMTP
// sink), approves a submission, and the certificate's public page says "nimbus.io verified"; an
// unverified startup's certificate says "issuer not verified".

const pageOf = usePagesOfTheirOwn()

/** The startup posts a task, the student submits, the startup approves: the certificate's number. */
async function certificateFrom(startup: Account, student: Account): Promise<string> {
  const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
    title: `Verified issuer task ${randomUUID().slice(0, 6)}`,
    description: 'A task whose certificate names its issuer.',
    workType: 'technical',
    category: 'web-development',
    skills: ['React'],
    estimatedHours: 2,
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  })
  await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: 'https://example.com/work' })
  const decision = await apiCall<{ certificate: { certificateNumber: string } }>('POST', `/api/startup/tasks/${task._id}/approve`, startup.token, {
    studentId: student.user._id,
    approve: true,
  })
  return decision.certificate.certificateNumber
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date())

describe('verified issuers', () => {
  it('verifies a company through the mailed link, and its certificate says so', async ({ onTestFailed }) => {
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('issuer-startup'), companyName: 'Nimbus Labs' })
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('issuer-student'), firstName: 'Asha', lastName: 'Verma' })
    const page = await pageOf()
    onTestFailed(() => saveScreenshot(page, 'verified-issuer').then(() => undefined))

    // The profile has no website yet: the section says so.
    await openAs(page, startup, '/profile')
    const section = page.getByRole('region', { name: 'Verify your company' })
    await section.getByText("Add your company's website to your profile first").waitFor()

    await page.getByRole('button', { name: 'Edit Profile' }).click()
    const form = page.getByRole('form', { name: 'Edit Profile' })
    await form.getByLabel('Industry').fill('Cloud')
    await form.getByLabel('Website').fill('https://www.nimbus.io')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Profile updated!').waitFor()

    // An address elsewhere (a free-mail one here) is refused; a work address at the domain gets the link.
    const email = page.getByRole('form', { name: 'Verify your company' }).getByLabel('Work email')
    await email.fill('nimbus.labs@gmail.com')
    await page.getByRole('button', { name: 'Send verification link' }).click()
    await section.getByText("The address must be at nimbus.io, your website's domain.").waitFor()

    const work = `ceo-${randomUUID().slice(0, 8)}@nimbus.io`
    const since = Date.now()
    await email.fill(work)
    await page.getByRole('button', { name: 'Send verification link' }).click()
    await section.getByText(`We sent a verification link to ${work}.`).waitFor()

    const mail = await waitForMail(inject('mailDir'), work, since)
    const link = /\/verify-company\?token=[A-Za-z0-9_-]+/.exec(mail.data)
    expect(link, mail.data).not.toBeNull()
    await page.goto(link![0])
    await page.getByText('Nimbus Labs is verified').waitFor()

    // The link works once.
    await page.goto(link![0])
    await page.getByRole('alert').getByText('This verification link is invalid or has expired.').waitFor()

    await page.goto('/profile')
    await page.getByText('nimbus.io verified').first().waitFor()

    const number = await certificateFrom(startup, student)
    await page.goto(`/verify/${number}`)
    await page.getByText('Genuine certificate').waitFor()
    const issuer = page.getByText(/^Issued by/).locator('..')
    await expect.poll(() => issuer.textContent()).toBe('Issued by Nimbus Labs · nimbus.io verified')
    await page.getByText(`On Bridgework since ${monthYear}`).waitFor()
    await page.getByText('Task posted').waitFor()
  })

  it('says "issuer not verified" for a startup that is not', async () => {
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('issuer-google'), companyName: 'Google LLC' })
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('issuer-student'), firstName: 'Sam', lastName: 'Lee' })
    const number = await certificateFrom(startup, student)
    const page = await pageOf()
    await page.goto(`/verify/${number}`)
    await page.getByText('Genuine certificate').waitFor()
    const issuer = page.getByText(/^Issued by/).locator('..')
    await expect.poll(() => issuer.textContent()).toBe('Issued by Google LLC · issuer not verified')
  })
})
