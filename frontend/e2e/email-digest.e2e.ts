import { describe, expect, inject, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn, waitForPath } from './support/browser'
import { BASE_URL } from './support/env'
import { register } from './support/live'
import { signInViaUi } from './support/session'
import { waitForMail } from './support/smtp-sink'

// Email digests (docs/api-contract.md, "Email notifications") against the real server and a real
// SMTP server (the journeys' sink): a student asks on /settings for message emails at once, closes
// the app, and a startup's message reaches them as a digest mail with one-click unsubscribe
// headers; the mail's own link, opened with no sign-in (at phone width), turns message emails off.
// scripts/test.sh runs the digest job every second (DIGEST_CHECK_EVERY=1s) with
// DIGEST_OFFLINE_AFTER long enough that only users who chose "Immediately" are mailed during the
// run.

const pageOf = usePagesOfTheirOwn()

describe('email digests', () => {
  it('Immediately on /settings → away → a message is mailed → the mail unsubscribes without a sign-in', async ({ onTestFailed }) => {
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('digest-student'), firstName: 'Noor', lastName: 'Haddad' })
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('digest-startup'), companyName: 'Digest Works' })
    const page = await pageOf()
    onTestFailed(async () => {
      await saveScreenshot(page, 'email-digest')
    })

    await signInViaUi(page, student.user.email, 'secret123')
    await page.goto('/settings')
    const form = page.getByRole('form', { name: 'Email notifications' })
    await form.getByLabel('Messages', { exact: true }).selectOption('immediate')
    await form.getByRole('button', { name: 'Save email settings' }).click()
    await page.getByText('Email settings saved').waitFor()
    expect(await apiCall('GET', '/api/me/notification-settings', student.token)).toEqual({
      messages: 'immediate',
      submissions: 'hourly',
      payments: 'hourly',
      invitations: 'hourly',
      taskAlerts: 'hourly',
    })

    // The student leaves: no tab open, so the next digest run may mail them.
    await page.close()
    const since = Date.now()
    await apiCall('POST', '/api/chat/send', startup.token, { receiver: student.user._id, content: 'Can you start on Monday?' })

    const mail = await waitForMail(inject('mailDir'), student.user.email, since, 30_000)
    expect(mail.data).toContain('Subject: What you missed on Bridgework')
    // The startup's words come quoted under its name, never as Bridgework's own.
    expect(mail.data).toContain('1 new message from Digest Works')
    expect(mail.data).toContain('Digest Works wrote:\n  > Can you start on Monday?')
    expect(mail.data).toContain(`${BASE_URL}/chat/${startup.user._id}`)
    expect(mail.data).toMatch(/List-Unsubscribe: <http[^>]+\/api\/unsubscribe\?token=[^>]+>/)
    expect(mail.data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(mail.data).toContain('Content-Type: text/html')
    const stop = /Stop message emails: (\S+)/.exec(mail.data)
    expect(stop, mail.data).not.toBeNull()

    // A fresh browser, nobody signed in, at phone width.
    const visitor = await pageOf()
    await visitor.setViewportSize({ width: 390, height: 844 })
    await visitor.goto(stop![1])
    await waitForPath(visitor, '/unsubscribe')
    await visitor.getByRole('heading', { name: 'Unsubscribe from Bridgework emails?' }).waitFor()
    // Opening the page changed nothing: link scanners follow links.
    expect(await apiCall<Record<string, string>>('GET', '/api/me/notification-settings', student.token)).toMatchObject({ messages: 'immediate' })
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click()
    await visitor.getByText("You're unsubscribed from message emails.").waitFor()
    expect(await apiCall('GET', '/api/me/notification-settings', student.token)).toEqual({
      messages: 'off',
      submissions: 'hourly',
      payments: 'hourly',
      invitations: 'hourly',
      taskAlerts: 'hourly',
    })
  })
})
