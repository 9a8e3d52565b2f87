import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { saveScreenshot } from './support/browser'
import { markNoReload, openAs, useStudentAndStartup, waitForLive, wasNotReloaded } from './support/live'

// The realtime issue's screens on the dashboards: the bell badge updates live, the startup sees
// a new submission appear, and the student's task changes status the moment the startup decides
// — on both screens without a reload.

const users = useStudentAndStartup('dash')

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })
const region = (page: Page, name: string) => page.getByRole('region', { name })

describe('dashboards update live', () => {
  it("submission and decision reach the other side's bell and lists without a reload", async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, 'live-dashboards-student')
      await saveScreenshot(startupPage, 'live-dashboards-startup')
    })
    const title = `Live dashboard task ${Date.now().toString(36)}`
    const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title,
      description: 'Checks that dashboards follow events.',
      workType: 'technical',
      category: 'web-development',
      skills: ['React'],
      estimatedHours: 2,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    })

    await openAs(studentPage, student, '/dashboard')
    await openAs(startupPage, startup, '/dashboard')
    await studentPage.getByRole('heading', { level: 1, name: 'Student dashboard' }).waitFor()
    await startupPage.getByRole('heading', { level: 1, name: 'Startup dashboard' }).waitFor()
    await waitForLive(studentPage)
    await waitForLive(startupPage)
    await markNoReload(studentPage)
    await markNoReload(startupPage)
    expect(await bell(startupPage).getAttribute('aria-label')).toBe('Notifications')

    // The student submits: the startup's bell counts it and the submission shows up.
    await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: 'https://example.com/live-work' })
    await startupPage.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 5000 })
    await region(startupPage, 'Submissions').getByText(title).first().waitFor({ timeout: 5000 })
    await region(studentPage, 'Active Tasks').getByText('Link Submitted - Awaiting Review').waitFor({ timeout: 5000 })

    // The startup approves: the student's bell counts it and the task moves to Recently Completed.
    await apiCall('POST', `/api/startup/tasks/${task._id}/approve`, startup.token, { studentId: student.user._id, approve: true })
    await studentPage.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 5000 })
    const done = region(studentPage, 'Recently Completed')
    await done.getByText(title).waitFor({ timeout: 5000 })
    await done.getByText('Task Completed').first().waitFor()

    expect(await wasNotReloaded(studentPage)).toBe(true)
    expect(await wasNotReloaded(startupPage)).toBe(true)
  })
})
