import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, saveScreenshot, type Browser } from './support/browser'
import { openAs, register, signInAdmin, type Account } from './support/live'
import { uniqueEmail } from './support/api'
import { BASE_URL } from './support/env'
import { signInViaUi } from './support/session'

// The audit trail (docs/security.md, "The audit trail"): a student mistypes their password, then
// signs in; /settings' sign-in log shows both. The admin, on a phone, finds the failed sign-in on
// /admin/audit, opens the student's dashboard and finds that look on the trail too, then verifies
// the chain.

describe('audit trail', () => {
  let studentBrowser: Browser
  let adminBrowser: Browser
  let student: Account
  let admin: Account

  beforeAll(async () => {
    student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('audit-student'), firstName: 'Audra', lastName: 'Trail' })
    admin = await signInAdmin()
    studentBrowser = await launchBrowser()
    adminBrowser = await launchBrowser({ viewport: { width: 390, height: 844 } })
  })
  afterAll(async () => {
    await Promise.all([studentBrowser?.close(), adminBrowser?.close()])
  })

  it('a failed and a good sign-in show under Recent sign-ins and on the admin audit trail, which verifies intact', async () => {
    const page = await studentBrowser.newPage()
    const adminPage = await adminBrowser.newPage()
    try {
      // The student: a wrong password, then the right one, through the login form.
      await page.goto('/login')
      await page.getByLabel('Email', { exact: true }).fill(student.user.email)
      await page.getByLabel('Password', { exact: true }).fill('not-my-password')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByText('Invalid email or password').first().waitFor()
      await signInViaUi(page, student.user.email, 'secret123')

      await page.goto('/settings')
      const signIns = page.getByRole('list', { name: 'Recent sign-ins' })
      await signIns.getByText('Failed sign-in').waitFor()
      await signIns.getByText('Signed in', { exact: true }).first().waitFor()
      expect(await signIns.getByText(/^wrong password/).count()).toBeGreaterThan(0)
      await page.getByRole('list', { name: 'Signed-in devices' }).getByText('This device').waitFor()

      // The admin, on a phone: the audit trail from the dashboard, filtered to failed sign-ins.
      await openAs(adminPage, admin, '/admin/dashboard')
      await adminPage.getByRole('link', { name: 'Audit trail' }).click()
      await adminPage.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor()
      await adminPage.getByLabel('What').selectOption({ label: 'Failed sign-in' })
      await adminPage.waitForURL(/type=signin\.failed/)
      const table = adminPage.getByRole('table', { name: 'Audit trail' })
      const aboutStudent = adminPage.locator(`[title="${student.user._id}"]`)
      // The filtered page replaces the unfiltered one when it arrives: wait for rows of that kind only.
      await table.getByRole('row').filter({ has: aboutStudent, hasText: 'Failed sign-in' }).first().waitFor()
      await adminPage.waitForFunction(() => ![...document.querySelectorAll('table tbody tr')].some((row) => row.textContent?.includes('Signed in')))
      // The page itself does not scroll sideways at 390px: the table scrolls in its box.
      expect(await adminPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

      // Looking at the student's dashboard is itself on the trail.
      await adminPage.goto(`/admin/students/${student.user._id}`)
      await adminPage.getByText('Audra Trail').first().waitFor()
      await adminPage.goto('/admin/audit')
      await adminPage.getByLabel('Who (user id)').fill(admin.user._id)
      await adminPage.getByLabel('Who (user id)').press('Enter')
      await adminPage.getByLabel('What').selectOption({ label: 'Viewed a dashboard' })
      await adminPage.waitForURL((url) => url.searchParams.get('type') === 'admin.viewed' && url.searchParams.get('actor') === admin.user._id)
      await table.getByRole('row').filter({ has: aboutStudent, hasText: 'Viewed a dashboard' }).first().waitFor()

      await adminPage.getByRole('button', { name: 'Verify chain' }).click()
      await adminPage.getByText(/^Intact: \d+ entr(y|ies) checked, head [0-9a-f]{12}…$/).waitFor()
    } catch (error) {
      await saveScreenshot(page, 'audit-student')
      await saveScreenshot(adminPage, 'audit-admin')
      throw error
    } finally {
      await Promise.all([page.close(), adminPage.close()])
    }
  })
})
