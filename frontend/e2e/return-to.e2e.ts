import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { launchBrowser, saveScreenshot, waitForPath, type Browser } from './support/browser'
import { openAs, studentAndStartup, type Account } from './support/live'

// Returning to where you were, on a laptop and a phone: a signed-out visitor who follows a task
// link, or a startup's bookmark, lands there after signing in; the bell's "View Details" for
// changes requested opens the task with its revision form focused; a page of another role says
// whose it is.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Fills the sign-in form the page shows and sends it. */
async function signInHere(page: Page, account: Account) {
  await page.getByLabel('Email', { exact: true }).fill(account.user.email)
  await page.getByLabel('Password', { exact: true }).fill('secret123')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

describe.each([
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
])('return to where you were on a $name', ({ name, viewport }) => {
  let browser: Browser
  let student: Account
  let startup: Account
  let task: { _id: string }
  const title = `Return-to ${name} ${Date.now().toString(36)}`

  beforeAll(async () => {
    ;({ student, startup } = await studentAndStartup(`return-${name}`))
    task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title,
      description: 'A landing page for our beta.',
      workType: 'technical',
      category: 'web-development',
      skills: ['HTML'],
      estimatedHours: 3,
      deadline: inDays(14),
      revisionRounds: 2,
    })
    browser = await launchBrowser({ viewport })
  })
  afterAll(async () => {
    await browser?.close()
  })

  /** A fresh signed-out page; a screenshot is kept if the test fails. */
  async function freshPage(onTestFailed: (fn: () => Promise<void>) => void, shot: string): Promise<Page> {
    const page = await browser.newPage()
    onTestFailed(async () => {
      await saveScreenshot(page, `return-to-${name}-${shot}`)
    })
    return page
  }

  it('a shared task link → Sign in to submit your work → signed in, on the task', async ({ onTestFailed }) => {
    const page = await freshPage(onTestFailed, 'task-link')
    await page.goto(`/tasks/${task._id}`)
    await page.getByRole('link', { name: 'Sign in to submit your work' }).click()
    await waitForPath(page, '/login')
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/tasks/${task._id}`)
    await signInHere(page, student)
    await waitForPath(page, `/tasks/${task._id}`)
    await page.getByRole('textbox', { name: `Link to your work for ${title}` }).waitFor()
    await page.close()
  })

  it('a signed-out visit to /startup/submissions → sign in as the startup → on /startup/submissions', async ({ onTestFailed }) => {
    const page = await freshPage(onTestFailed, 'submissions')
    await page.goto('/startup/submissions')
    await waitForPath(page, '/login')
    expect(new URL(page.url()).searchParams.get('next')).toBe('/startup/submissions')
    await signInHere(page, startup)
    await waitForPath(page, '/startup/submissions')
    await page.close()
  })

  it("the bell's View Details for changes requested opens the revision form, focused", async ({ onTestFailed }) => {
    await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: 'https://example.com/landing-v1' })
    await apiCall('POST', `/api/startup/tasks/${task._id}/request-changes`, startup.token, {
      studentId: student.user._id,
      reviewNotes: 'Please add a pricing section.',
    })
    const page = await freshPage(onTestFailed, 'revise')
    await openAs(page, student, '/dashboard')
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
    const item = page.getByRole('region', { name: 'Unread notifications' }).getByRole('listitem').filter({ hasText: 'Changes were requested' })
    await item.getByRole('link', { name: 'View Details' }).click()
    await waitForPath(page, `/tasks/${task._id}`)
    expect(new URL(page.url()).searchParams.get('revise')).toEqual(expect.any(String))
    const input = page.getByRole('textbox', { name: `Link to your work for ${title}` })
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.getByRole('button', { name: 'Submit revision 2' }).waitFor()
    await page.close()
  })

  it("a student on a startup's page reads why they are back on the landing page", async ({ onTestFailed }) => {
    const page = await freshPage(onTestFailed, 'wrong-role')
    await openAs(page, student, '/startup/submissions')
    await waitForPath(page, '/')
    await page.getByText("That page is for startups. You're signed in as a student.").waitFor()
    await page.close()
  })
})
