import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn, waitForPath } from './support/browser'
import { openAs, studentAndStartup, waitForLive } from './support/live'

// A startup in control of its tasks, against the real server at 1366 px and at 390 px: it edits
// a deadline and the student who submitted sees it at once; closes a task with a reason and the
// student is told; withdraws a task nobody submitted to; reposts the closed one.

const pageOf = usePagesOfTheirOwn()
const SIZES = [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const shown = (date: string) =>
  new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(date))

async function fitsTheWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

describe('a startup in control of its tasks', () => {
  for (const [size, viewport] of SIZES) {
    it(`${size}: edit, close with a reason, withdraw and repost, the student told live`, async ({ onTestFailed }) => {
      const { student, startup } = await studentAndStartup(`control-${size}`)
      const [studentPage, startupPage] = [await pageOf(), await pageOf()]
      onTestFailed(async () => {
        await saveScreenshot(studentPage, `task-control-student-${size}`)
        await saveScreenshot(startupPage, `task-control-startup-${size}`)
      })
      await studentPage.setViewportSize(viewport)
      await startupPage.setViewportSize(viewport)
      const tag = Date.now().toString(36)
      const post = (title: string) =>
        apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
          title,
          description: 'A task the startup changes its mind about.',
          workType: 'technical',
          category: 'web-development',
          skills: ['React'],
          estimatedHours: 3,
          deadline: day(5),
        })
      const typo = `Typo deadline ${tag}`
      const unwanted = `Not needed ${tag}`
      const empty = `Nobody came ${tag}`
      const [edited, closed, withdrawn] = [await post(typo), await post(unwanted), await post(empty)]
      for (const task of [edited, closed]) {
        await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: `https://example.com/${task._id}` })
      }

      // Edit: the deadline moves; the student's open task page shows it without a reload.
      await openAs(studentPage, student, `/tasks/${edited._id}`)
      await studentPage.getByRole('heading', { name: typo }).waitFor()
      await waitForLive(studentPage)
      await openAs(startupPage, startup, `/startup/tasks/${edited._id}`)
      await startupPage.getByRole('link', { name: `Edit ${typo}` }).click()
      const form = startupPage.getByRole('form', { name: 'Edit Work' })
      const deadline = form.getByLabel('Deadline', { exact: true })
      expect(await deadline.inputValue()).toBe(day(5))
      await deadline.fill(day(30))
      await fitsTheWidth(startupPage, viewport.width)
      await form.getByRole('button', { name: 'Save Changes' }).click()
      await startupPage.getByText('Changes saved').waitFor()
      await waitForPath(startupPage, `/startup/tasks/${edited._id}`)
      await studentPage.getByText(`The startup updated "${typo}"`).waitFor({ timeout: 5000 })
      await studentPage.getByText(shown(day(30))).waitFor({ timeout: 5000 })

      // Close with a reason: the student whose work was open is told why.
      await openAs(studentPage, student, '/dashboard')
      await studentPage.getByRole('heading', { level: 1, name: 'Student dashboard' }).waitFor()
      await waitForLive(studentPage)
      await openAs(startupPage, startup, '/startup/tasks')
      await startupPage.getByRole('button', { name: `Close ${unwanted}` }).click()
      const closing = startupPage.getByRole('dialog', { name: `Close '${unwanted}'?` })
      await closing.getByRole('textbox', { name: 'Reason for closing' }).fill('We hired someone in house.')
      await closing.getByRole('button', { name: 'Close task' }).click()
      await startupPage.getByText('Task closed').waitFor()
      await studentPage.getByText(`The startup closed "${unwanted}"`).waitFor({ timeout: 5000 })
      await studentPage.getByText('Reason: We hired someone in house.').waitFor()

      // Withdraw: only offered while nobody has submitted; asks first.
      expect(await startupPage.getByRole('button', { name: `Withdraw ${typo}` }).count()).toBe(0)
      await startupPage.getByRole('button', { name: `Withdraw ${empty}` }).click()
      await startupPage
        .getByRole('dialog', { name: `Withdraw '${empty}'?` })
        .getByRole('button', { name: 'Withdraw task' })
        .click()
      await startupPage.getByText('Task withdrawn').waitFor()
      await startupPage.getByRole('group', { name: `Manage ${empty}` }).waitFor({ state: 'detached' })
      await fitsTheWidth(startupPage, viewport.width)
      const gone = await fetch(new URL(`/api/startup/tasks/${withdrawn._id}`, startupPage.url()), {
        headers: { Authorization: `Bearer ${startup.token}` },
      })
      expect(gone.status).toBe(404)

      // Repost the closed one: the form filled from it, a new deadline picked.
      await startupPage.getByRole('link', { name: `Repost ${unwanted}` }).click()
      const repost = startupPage.getByRole('form', { name: 'Repost Work' })
      expect(await repost.getByLabel(/^Title/).inputValue()).toBe(unwanted)
      await repost.getByLabel('Deadline', { exact: true }).fill(day(14))
      await repost.getByRole('button', { name: 'Repost Work' }).click()
      await startupPage.getByText('Work reposted!').waitFor()
      await startupPage.waitForURL((url) => url.pathname.startsWith('/startup/tasks/') && !url.pathname.endsWith(closed._id))
      await startupPage.getByRole('heading', { name: unwanted }).waitFor()
      await startupPage.getByRole('link', { name: `Edit ${unwanted}` }).waitFor()
    })
  }
})
