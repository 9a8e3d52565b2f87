import { describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { saveScreenshot } from './support/browser'
import { openAs, useStudentAndStartup, waitForLive } from './support/live'

// A decision names what it decided: the startup opens the approve dialog on the link it saw,
// the student replaces that link meanwhile, and the open dialog goes stale on the startup's
// screen, live; the approval then made names the new link, revision 2, on the certificate.

const users = useStudentAndStartup('stale-review')

const LIVE = { timeout: 10_000 }

type Certificate = { title: string; metadata: { workLink: string; workRevision: number } }

describe('a review gone stale', () => {
  it("the student's new link makes the startup's open approval stale, live; the approval names the link it saw", async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, 'stale-review-student')
      await saveScreenshot(startupPage, 'stale-review-startup')
    })
    const title = `Stale review ${Date.now().toString(36)}`
    const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title,
      description: 'A logo, reviewed once.',
      workType: 'technical',
      category: 'design',
      skills: ['Figma'],
      estimatedHours: 2,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    })
    await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: 'https://example.com/logo-reviewed' })

    await openAs(startupPage, startup, `/startup/tasks/${task._id}`)
    await openAs(studentPage, student, `/tasks/${task._id}`)
    await waitForLive(startupPage)
    const submission = startupPage.getByRole('listitem', { name: "Ada Lovelace's submission" })
    await submission.getByRole('link', { name: 'https://example.com/logo-reviewed' }).waitFor()
    await submission.getByRole('button', { name: "Approve Ada Lovelace's submission" }).click()
    const dialog = startupPage.getByRole('dialog', { name: `Approve Ada Lovelace's work on '${title}'?` })
    await dialog.getByRole('radio', { name: /Close the task/ }).waitFor()
    expect(await dialog.getByRole('radio', { name: /Close the task/ }).isChecked()).toBe(true)

    // The student replaces the link while the startup's dialog is open.
    await studentPage.getByRole('button', { name: `Update link for ${title}` }).click()
    const input = studentPage.getByRole('textbox', { name: `Link to your work for ${title}` })
    await input.fill('https://example.com/logo-swapped')
    await studentPage.getByRole('button', { name: 'Update link' }).click()
    await studentPage.getByRole('link', { name: 'https://example.com/logo-swapped' }).waitFor()

    // The startup's dialog goes stale, live, and decides nothing.
    await dialog.getByRole('alert').getByText('This submission changed since you opened it: review revision 2').waitFor(LIVE)
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await submission.getByRole('link', { name: 'https://example.com/logo-swapped' }).waitFor()
    await submission.getByText('link changed').waitFor()

    // Opened again on revision 2, the approval goes through and the certificate names it.
    await submission.getByRole('button', { name: "Approve Ada Lovelace's submission" }).click()
    await startupPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await startupPage.getByText('Work approved!').waitFor()
    const certificates = await apiCall<Certificate[]>('GET', '/api/student/certificates', student.token)
    expect(certificates.filter((c) => c.title === title).map((c) => c.metadata)).toEqual([
      expect.objectContaining({ workLink: 'https://example.com/logo-swapped', workRevision: 2 }),
    ])
    const page = await apiCall<{ status: string }>('GET', `/api/startup/tasks/${task._id}`, startup.token)
    expect(page.status).toBe('completed')
  })
})
