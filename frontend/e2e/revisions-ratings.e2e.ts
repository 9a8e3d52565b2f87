import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { saveScreenshot } from './support/browser'
import { markNoReload, openAs, useStudentAndStartup, waitForLive, wasNotReloaded } from './support/live'

// The work cycle of DESIGN.md §3 (revision rounds) on two screens at once: the startup asks for
// changes with notes, the student sees them live and sends revision 2, the startup sees it live and
// approves it closing the task, the student's dashboard shows it completed live, and both rate each
// other; once both rated, each rating is visible to the other.

const users = useStudentAndStartup('revisions')

const LIVE = { timeout: 10_000 }

/** Picks a star in the rate form's radio group (the radios are visually hidden behind stars). */
async function pickStars(page: Page, group: string, stars: string) {
  const radio = page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: stars })
  await radio.focus()
  await page.keyboard.press('Space')
  await expect.poll(() => radio.isChecked()).toBe(true)
}

type Rating = { stars: number; comment: string; rateeId: string; taskId: string; visible: boolean }

describe('revisions and ratings', () => {
  it('request changes → resubmit → approve and close → rate on both sides, live on both screens', async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, 'revisions-ratings-student')
      await saveScreenshot(startupPage, 'revisions-ratings-startup')
    })
    const title = `Revision journey ${Date.now().toString(36)}`
    const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title,
      description: 'A landing page in two rounds.',
      workType: 'technical',
      category: 'web-development',
      skills: ['HTML'],
      estimatedHours: 3,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      revisionRounds: 2,
    })
    await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: 'https://example.com/landing-v1' })

    await openAs(startupPage, startup, `/startup/tasks/${task._id}`)
    await openAs(studentPage, student, '/dashboard')
    const submission = startupPage.getByRole('listitem', { name: "Ada Lovelace's submission" })
    await submission.getByRole('link', { name: 'https://example.com/landing-v1' }).waitFor()
    const active = studentPage.getByRole('region', { name: 'Active Tasks' }).getByRole('listitem', { name: title })
    await active.getByText('Link Submitted - Awaiting Review').waitFor()
    await waitForLive(startupPage)
    await waitForLive(studentPage)
    await markNoReload(startupPage)
    await markNoReload(studentPage)

    // The startup asks for changes: notes are required.
    await submission.getByRole('button', { name: "Request changes on Ada Lovelace's submission" }).click()
    const ask = startupPage.getByRole('dialog', { name: 'Request changes' })
    await ask.getByRole('button', { name: 'Send request' }).click()
    await ask.getByText('Review notes are required to request changes').waitFor()
    await ask.getByLabel('Notes for the student').fill('Please add a pricing section.')
    await ask.getByRole('button', { name: 'Send request' }).click()
    await ask.waitFor({ state: 'detached' })
    await submission.getByText('Changes requested', { exact: true }).waitFor()
    await submission.getByText('Notes: Please add a pricing section.').waitFor()

    // The student's dashboard shows it live, with the notes, and takes revision 2.
    await studentPage.getByText(`Changes requested on "${title}"`).waitFor(LIVE)
    await active.getByText('Changes requested - see the notes').waitFor(LIVE)
    await active.getByText('Notes: Please add a pricing section.').waitFor()
    await active.getByLabel(`Link to your work for ${title}`).fill('https://example.com/landing-v2')
    await active.getByRole('button', { name: 'Submit revision 2' }).click()
    await studentPage.getByText('Task submitted successfully!').waitFor()
    await active.getByText('Link Submitted - Awaiting Review').waitFor(LIVE)

    // The startup's page shows revision 2 live, with the first round in its History.
    await submission.getByText('Revision 2').waitFor(LIVE)
    await submission.getByRole('link', { name: 'https://example.com/landing-v2' }).first().waitFor()
    await submission.getByRole('button', { name: 'History (2 revisions)' }).click()
    const history = submission.getByRole('list', { name: "Revisions of Ada Lovelace's submission" })
    expect(await history.getByRole('listitem').count()).toBe(2)
    await history.getByText('Notes: Please add a pricing section.').waitFor()

    // The startup approves and closes the task.
    await submission.getByRole('button', { name: "Approve Ada Lovelace's submission" }).click()
    const approve = startupPage.getByRole('dialog', { name: `Approve Ada Lovelace's work on '${title}'?` })
    await approve.getByRole('radio', { name: /Close the task/ }).check()
    await approve.getByRole('button', { name: 'Confirm' }).click()
    await startupPage.getByText('Work approved!').waitFor()
    await submission.getByText('Approved', { exact: true }).first().waitFor()

    // The student's dashboard shows it completed, live.
    const done = studentPage.getByRole('region', { name: 'Recently Completed' })
    await done.getByText(title).waitFor(LIVE)
    await done.getByText('Task Completed').first().waitFor()

    // The student rates the startup: hidden until the startup rates too.
    await done.getByRole('button', { name: 'Rate startup: Acme Labs' }).click()
    const studentForm = done.getByRole('form', { name: 'Rate Acme Labs' })
    await pickStars(studentPage, 'Stars for Acme Labs', '4 stars')
    await studentForm.getByLabel('Comment (optional)').fill('Clear brief, quick answers.')
    await studentForm.getByRole('button', { name: 'Save' }).click()
    await studentPage.getByText('Rating saved').waitFor()
    await done.getByRole('img', { name: '4 of 5 stars' }).waitFor()
    await done.getByText('Hidden until Acme Labs rates too or 14 days pass.').waitFor()

    // The startup rates the student.
    await submission.getByRole('button', { name: 'Rate student: Ada Lovelace' }).click()
    const startupForm = submission.getByRole('form', { name: 'Rate Ada Lovelace' })
    await pickStars(startupPage, 'Stars for Ada Lovelace', '5 stars')
    await startupForm.getByLabel('Comment (optional)').fill('Careful, fast work.')
    await startupForm.getByRole('button', { name: 'Save' }).click()
    await startupPage.getByText('Rating saved').waitFor()
    await submission.getByRole('img', { name: '5 of 5 stars' }).waitFor()
    // Both rated: the startup's own rating is no longer hidden, and so is fixed: nobody answers
    // a rating they have read.
    await expect.poll(() => submission.getByText(/^Hidden until/).count()).toBe(0)
    expect(await submission.getByRole('button', { name: 'Edit your rating of Ada Lovelace' }).count()).toBe(0)

    expect(await wasNotReloaded(studentPage)).toBe(true)
    expect(await wasNotReloaded(startupPage)).toBe(true)

    // Each sees the other's rating.
    const aboutStudent = await apiCall<Rating[]>('GET', `/api/users/${student.user._id}/ratings`, student.token)
    expect(aboutStudent.map((r) => ({ stars: r.stars, comment: r.comment, taskId: r.taskId }))).toEqual([
      { stars: 5, comment: 'Careful, fast work.', taskId: task._id },
    ])
    const aboutStartup = await apiCall<Rating[]>('GET', `/api/users/${startup.user._id}/ratings`, startup.token)
    expect(aboutStartup.map((r) => ({ stars: r.stars, comment: r.comment, taskId: r.taskId }))).toEqual([
      { stars: 4, comment: 'Clear brief, quick answers.', taskId: task._id },
    ])
    // The student's screen, reloaded, no longer says their rating is hidden.
    await studentPage.reload()
    await done.getByRole('img', { name: '4 of 5 stars' }).waitFor()
    expect(await done.getByText(/^Hidden until/).count()).toBe(0)
  })
})
