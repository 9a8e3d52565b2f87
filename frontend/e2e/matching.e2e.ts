import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { pathOf, saveScreenshot, usePagesOfTheirOwn, waitForPath } from './support/browser'
import { BASE_URL } from './support/env'
import { markNoReload, openAs, register, waitForLive, wasNotReloaded } from './support/live'

// Matching against the real server (docs/matching.md): a startup posts a React task, finds in its
// task page's Find students a student whose profile lists React, and invites them; the student sees the invitation
// arrive without a reload and accepts it; the task, of one seat, then leaves the open market, so
// another student no longer finds it.

const pageOf = usePagesOfTheirOwn()

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** Letters only: names take no digits. */
const letters = (text: string) => text.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)

async function fitsTheWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

describe('matching and invitations', () => {
  it('a startup invites a matched student, who accepts live, and the task leaves the market', async ({ onTestFailed }) => {
    const tag = letters(Date.now().toString(36))
    // A skill of this run's own beside React, so this run's student ranks first among every
    // student earlier journeys left listing React.
    const skill = `Reactflow${tag}`
    const lastName = `Match${tag}`
    const studentName = `Ada ${lastName}`
    const title = `React landing page ${tag}`
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('matching-startup'), companyName: 'Acme Labs' })
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('matching-student'), firstName: 'Ada', lastName })
    const other = await register(BASE_URL, { userType: 'student', email: uniqueEmail('matching-other'), firstName: 'Grace', lastName: 'Hopper' })
    await apiCall('POST', '/api/student/profile', student.token, {
      userId: student.user._id,
      firstName: 'Ada',
      lastName,
      skills: [
        { name: 'React', level: 'advanced' },
        { name: skill, level: 'intermediate' },
      ],
    })

    const [startupPage, studentPage, otherPage] = [await pageOf(), await pageOf(), await pageOf()]
    onTestFailed(async () => {
      await saveScreenshot(startupPage, 'matching-startup')
      await saveScreenshot(studentPage, 'matching-student')
      await saveScreenshot(otherPage, 'matching-other')
    })

    // The startup posts the task with the Post Work form.
    await openAs(startupPage, startup, '/startup/post-work')
    const form = startupPage.getByRole('form', { name: 'Post New Work' })
    await form.getByLabel('Title', { exact: true }).fill(title)
    await form.getByLabel('Description', { exact: true }).fill('A landing page in React for our launch.')
    await form.getByLabel('Work Type', { exact: true }).selectOption('technical')
    await form.getByLabel('Category', { exact: true }).selectOption('web-development')
    await form.getByLabel('Skills', { exact: true }).fill(`React, ${skill}`)
    await form.getByLabel('Estimated Hours', { exact: true }).fill('6')
    await form.getByLabel('Deadline', { exact: true }).fill(day(7))
    await form.getByRole('button', { name: 'Post Work' }).click()
    await startupPage.getByText('Work posted!').waitFor()
    await waitForPath(startupPage, '/startup/tasks')
    await startupPage.getByRole('article', { name: title }).getByRole('link', { name: 'View Details' }).click()
    await startupPage.getByRole('heading', { name: title }).waitFor()
    const taskId = pathOf(startupPage).split('/').pop()!

    // The student waits on their invitations, connected, with none yet.
    await openAs(studentPage, student, '/student/invitations')
    await studentPage.getByText(/No invitations yet/).waitFor()
    await waitForLive(studentPage)
    await markNoReload(studentPage)

    // Find students on the task page ranks the student, says why, and invites them with a message.
    const panel = startupPage.getByRole('region', { name: 'Find students' })
    const row = panel.getByRole('listitem', { name: studentName })
    await row.waitFor({ timeout: 10_000 })
    expect(
      await row
        .getByRole('list', { name: `Why ${studentName} matches` })
        .getByRole('listitem')
        .count(),
    ).toBeGreaterThan(0)
    await waitForLive(startupPage)
    await row.getByRole('button', { name: `Invite ${studentName}` }).click()
    const dialog = startupPage.getByRole('dialog', { name: `Invite ${studentName} to '${title}'?` })
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Your React work fits our launch.')
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await startupPage.getByText(`Invitation sent to ${studentName}`).waitFor()
    await row.getByText('Invited', { exact: true }).waitFor()

    // The student sees it arrive without a reload, and accepts.
    await studentPage.getByText(`Acme Labs invited you to "${title}"`).waitFor({ timeout: 5000 })
    const invitation = studentPage.getByRole('listitem', { name: title })
    await invitation.getByText('Your React work fits our launch.').waitFor({ timeout: 5000 })
    expect(await wasNotReloaded(studentPage)).toBe(true)
    await invitation.getByRole('button', { name: `Accept ${title}` }).click()
    await studentPage.getByText(`You took "${title}"`).waitFor()
    await invitation.getByRole('link', { name: 'Go to the task' }).click()
    await waitForPath(studentPage, `/tasks/${taskId}`)
    await studentPage.getByRole('heading', { name: title }).waitFor()

    // The startup is told at once, and the row reads Accepted.
    await startupPage.getByText(`${studentName} accepted your invitation to "${title}"`).waitFor({ timeout: 5000 })
    await row.getByText('Accepted', { exact: true }).waitFor({ timeout: 5000 })

    // The task had one seat: another student no longer finds it on the open market.
    await otherPage.setViewportSize({ width: 390, height: 844 })
    await openAs(otherPage, other, `/tasks?search=${encodeURIComponent(title)}`)
    // Each of the student's sections says so under a search; the open market is Available Tasks.
    await otherPage.getByRole('region', { name: 'Available Tasks' }).getByText('No tasks match your filters').waitFor()
    await fitsTheWidth(otherPage, 390)
    const open = await apiCall<Array<{ _id: string }>>(
      'GET',
      `/api/student/tasks/all?scope=available&search=${encodeURIComponent(title)}`,
      other.token,
    )
    expect(open.map((task) => task._id)).not.toContain(taskId)
  })
})
