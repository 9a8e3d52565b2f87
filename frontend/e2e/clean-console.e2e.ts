import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { launchBrowser, saveScreenshot, type Browser } from './support/browser'
import { openAs, signInAdmin, studentAndStartup, type Account } from './support/live'

// docs/security.md, "The page itself": every page, as every role that may open it, loads without a
// single console error or uncaught exception in Chromium. This is what catches a CSP the app itself
// violates (a refused connection or eval is a console error) and any page that throws while
// rendering.

/** Collects what a page writes to the console as errors and what it throws. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return errors
}

/** Opens path and waits until its main heading is shown and the page's requests have settled. */
async function visit(page: Page, account: Account | null, path: string) {
  if (account) await openAs(page, account, path)
  else await page.goto(path)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
}

describe('no console error on any page', () => {
  let browser: Browser
  let student: Account
  let startup: Account
  let admin: Account
  let taskId: string
  let openTaskId: string
  let certificateNumber: string

  beforeAll(async () => {
    ;({ student, startup } = await studentAndStartup('console'))
    admin = await signInAdmin()
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title: 'Console check task',
      description: 'A task for the console check.',
      workType: 'technical',
      category: 'web-development',
      skills: ['React'],
      estimatedHours: 2,
      deadline,
    })
    taskId = task._id
    // The approval below completes that task, which only its two sides may open; the public
    // pages open another, still on the market.
    const open = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title: 'Console check open task',
      description: 'A task still open.',
      workType: 'technical',
      category: 'web-development',
      skills: ['React'],
      estimatedHours: 2,
      deadline,
    })
    openTaskId = open._id
    await apiCall('POST', `/api/student/tasks/${taskId}/submit-link`, student.token, { link: 'https://example.com/console' })
    await apiCall('POST', `/api/startup/tasks/${taskId}/approve`, startup.token, { studentId: student.user._id, approve: true })
    const certificates = await apiCall<Array<{ certificateNumber: string }>>('GET', '/api/student/certificates', student.token)
    certificateNumber = certificates[0].certificateNumber
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  const pagesOf = (): Array<[string, () => Account | null, string[]]> => [
    [
      'anyone',
      () => null,
      [
        '/',
        '/tasks',
        `/tasks/${openTaskId}`,
        '/help',
        `/verify/${certificateNumber}`,
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password?token=x',
        '/verify-company',
        '/unsubscribe?token=x',
      ],
    ],
    [
      'the student',
      () => student,
      [
        '/dashboard',
        '/profile',
        '/certificates',
        '/messages',
        `/chat/${startup.user._id}`,
        '/tasks',
        `/tasks/${taskId}`,
        '/help',
        '/settings',
        '/payments',
      ],
    ],
    [
      'the startup',
      () => startup,
      [
        '/dashboard',
        '/profile',
        '/messages',
        `/chat/${student.user._id}`,
        '/startup/post-work',
        '/startup/browse-students',
        '/startup/students',
        `/startup/students/${student.user._id}`,
        '/startup/submissions',
        '/startup/tasks',
        `/startup/tasks/${taskId}`,
        `/tasks/${taskId}`,
        `/startup/${startup.user._id}`,
        '/verify-company',
        '/settings',
        '/payments',
      ],
    ],
    [
      'the admin',
      () => admin,
      [
        '/dashboard',
        '/profile',
        `/admin/students/${student.user._id}`,
        `/admin/students/${student.user._id}/tasks`,
        `/admin/students/${student.user._id}/profile`,
        `/admin/startups/${startup.user._id}`,
        `/admin/startups/${startup.user._id}/profile`,
        `/admin/startups/${startup.user._id}/tasks`,
        '/admin/audit',
        '/settings',
      ],
    ],
  ]

  it('every page of every role loads without console errors', async () => {
    const found: string[] = []
    for (const [role, account, paths] of pagesOf()) {
      for (const path of paths) {
        const page = await browser.newPage()
        const errors = watchErrors(page)
        try {
          await visit(page, account(), path)
        } catch (error) {
          await saveScreenshot(page, `console-${role}-${path}`)
          throw error
        }
        found.push(...errors.map((e) => `${role} ${path}: ${e}`))
        await page.close()
      }
    }
    expect(found).toEqual([])
  }, 180_000) // some 40 pages, each opened until its requests settle
})
