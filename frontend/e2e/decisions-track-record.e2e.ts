import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { BASE_URL, launchBrowser, saveScreenshot, type Browser } from './support/browser'
import { openAs, register, waitForLive, type Account } from './support/live'

/** A submission of the startup's table: a row on a wide screen, a card below 640 px. */
function submissionOf(page: Page, title: string) {
  return page
    .getByRole('row')
    .filter({ hasText: title })
    .or(page.getByRole('list', { name: 'Submissions' }).getByRole('listitem').filter({ hasText: title }))
}

// docs/marketplace.md, "A first week", on two screens at once, at desktop and phone width: a new
// student sees their sign-up name and college and a checklist; a startup rejects one piece of work
// with a reason through the confirmation from its dashboard's submissions table, and the student's
// open dashboard says so live and moves the work out of Active Tasks with the note; it approves
// another, which earns a certificate; both directory routes show the student's track record, the
// certificate linking to its public verification page.

const LIVE = { timeout: 10_000 }

const viewports = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const

async function fitsPhone(page: Page, width: number) {
  if (width > 390) return
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

describe.each(viewports)('decisions and track records at $width×$height', ({ name, width, height }) => {
  const tag = `${name}-${Date.now().toString(36)}`
  const skill = `Skill${tag.replace(/[^a-z0-9]/gi, '')}`
  let student: Account
  let startup: Account
  let studentPage: Page
  let startupPage: Page
  const browsers: Browser[] = []

  beforeAll(async () => {
    student = await register(BASE_URL, {
      userType: 'student',
      email: uniqueEmail(`decide-${name}-student`),
      firstName: 'Rosa',
      lastName: 'Diaz',
      college: 'Riverside College',
    })
    startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail(`decide-${name}-startup`), companyName: 'Acme Labs' })
    for (const set of [(p: Page) => (studentPage = p), (p: Page) => (startupPage = p)]) {
      const browser = await launchBrowser({ viewport: { width, height } })
      browsers.push(browser)
      set(await browser.newPage())
    }
  })
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()))
  })

  it('a new student sees their sign-up name and college, and the checklist', async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await saveScreenshot(studentPage, `decisions-profile-${name}`)
    })
    await openAs(studentPage, student, '/profile')
    await studentPage.getByRole('heading', { level: 2, name: 'Rosa Diaz' }).waitFor()
    await studentPage.getByText('Riverside College').first().waitFor()
    expect(await studentPage.getByText(/No profile found/).count()).toBe(0)
    const checklist = studentPage.getByRole('region', { name: 'Complete your profile' })
    await checklist.getByText('0 of 4 done').waitFor()
    const bio = checklist.getByRole('button', { name: 'Add a bio' })
    expect(await bio.isVisible()).toBe(true)
    await fitsPhone(studentPage, width)
    await bio.click()
    const form = studentPage.getByRole('form', { name: 'Add Profile' })
    await expect.poll(() => form.getByLabel('Bio').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await form.getByLabel(/^First name/).inputValue()).toBe('Rosa')
    expect(await form.getByLabel('College', { exact: true }).inputValue()).toBe('Riverside College')
  })

  it('reject with a reason from the dashboard table, live on the student dashboard; approve earns a certificate', async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await saveScreenshot(studentPage, `decisions-student-${name}`)
      await saveScreenshot(startupPage, `decisions-startup-${name}`)
    })
    // The student's profile lists the skill the approval will verify.
    await apiCall('POST', '/api/student/profile', student.token, {
      userId: student.user._id,
      college: 'Riverside College',
      skills: [{ name: skill, level: 'intermediate' }],
    })
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const post = (title: string) =>
      apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
        title,
        description: 'A page for our launch.',
        workType: 'technical',
        category: 'web-development',
        skills: [skill],
        estimatedHours: 3,
        deadline,
      })
    const rejectedTitle = `Landing page ${tag}`
    const approvedTitle = `Pricing page ${tag}`
    const rejected = await post(rejectedTitle)
    const approved = await post(approvedTitle)
    await apiCall('POST', `/api/student/tasks/${rejected._id}/submit-link`, student.token, { link: 'https://example.com/landing' })
    await apiCall('POST', `/api/student/tasks/${approved._id}/submit-link`, student.token, { link: 'https://example.com/pricing' })

    await openAs(studentPage, student, '/dashboard')
    await studentPage.getByText(/^Welcome, Rosa\./).waitFor()
    const active = studentPage.getByRole('region', { name: 'Active Tasks' })
    await active.getByRole('listitem', { name: rejectedTitle }).waitFor()
    await waitForLive(studentPage)
    await fitsPhone(studentPage, width)

    await openAs(startupPage, startup, '/dashboard')
    await startupPage.getByText(/^Welcome, Acme Labs\./).waitFor()
    const row = submissionOf(startupPage, rejectedTitle)
    const reject = row.getByRole('button', { name: "Reject Rosa Diaz's submission" })
    await reject.scrollIntoViewIfNeeded()
    expect(await reject.isVisible()).toBe(true)
    await fitsPhone(startupPage, width)
    await reject.click()
    const dialog = startupPage.getByRole('dialog', { name: `Reject Rosa Diaz's work on '${rejectedTitle}'?` })
    await dialog.getByRole('textbox', { name: 'Reason for the student (optional)' }).fill('The hero needs more contrast.')
    // Escape first: nothing is decided.
    await startupPage.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await reject.click()
    await dialog.getByRole('textbox', { name: 'Reason for the student (optional)' }).fill('The hero needs more contrast.')
    await fitsPhone(startupPage, width)
    await dialog.getByRole('button', { name: 'Reject' }).click()
    await startupPage.getByText('Work rejected').waitFor()

    // The student's open dashboard says so at once, and the work leaves Active Tasks with the note.
    await studentPage.getByText(`Not selected: "${rejectedTitle}"`).waitFor(LIVE)
    await studentPage.getByText('Note from the startup: The hero needs more contrast.').waitFor()
    const past = studentPage.getByRole('region', { name: 'Past work' }).getByRole('listitem', { name: rejectedTitle })
    await past.getByText('The hero needs more contrast.').waitFor(LIVE)
    await past.getByText('Rejected').waitFor()
    await expect.poll(() => active.getByRole('listitem', { name: rejectedTitle }).count()).toBe(0)
    await fitsPhone(studentPage, width)

    // Approve the other from the same table: a certificate.
    const approveRow = submissionOf(startupPage, approvedTitle)
    await approveRow.getByRole('button', { name: "Approve Rosa Diaz's submission" }).click()
    const approve = startupPage.getByRole('dialog', { name: `Approve Rosa Diaz's work on '${approvedTitle}'?` })
    await approve.getByRole('button', { name: 'Confirm' }).click()
    await startupPage.getByText('Work approved!').waitFor()
    await studentPage.getByText(`Approved: "${approvedTitle}"`).waitFor(LIVE)
    await studentPage.getByRole('region', { name: 'Recently Completed' }).getByText(approvedTitle).waitFor(LIVE)
    await expect.poll(() => active.getByRole('listitem', { name: approvedTitle }).count()).toBe(0)

    const certificates = await apiCall<Array<{ certificateNumber: string; title: string }>>('GET', '/api/student/certificates', student.token)
    expect(certificates.map((c) => c.title)).toEqual([approvedTitle])
    const number = certificates[0]!.certificateNumber

    // Both directory routes: one view, the track record with the certificate's verification link.
    for (const [route, heading, submit, view] of [
      ['/startup/browse-students', 'Browse Students', 'Filter', 'View Profile'],
      ['/startup/students', 'Students', 'Apply', 'View'],
    ] as const) {
      await startupPage.goto(route)
      await startupPage.getByRole('heading', { level: 1, name: heading }).waitFor()
      await startupPage.getByRole('searchbox', { name: 'Search' }).waitFor()
      await startupPage.getByRole('textbox', { name: 'Skills' }).fill(skill.toLowerCase())
      await startupPage.getByRole('button', { name: submit }).click()
      // The unfiltered page stays on screen until the filtered one arrives.
      await expect.poll(() => startupPage.getByRole('article').count(), LIVE).toBe(1)
      const card = startupPage.getByRole('article', { name: 'Rosa Diaz' })
      const track = card.getByRole('group', { name: 'Track record on Bridgework' })
      await track.getByText('1 approved task · 1 certificate').waitFor()
      const link = track.getByRole('link', { name: `Certificate ${number}: ${approvedTitle}` })
      expect(await link.getAttribute('href')).toBe(`/verify/${number}`)
      await track.getByRole('list', { name: 'Verified skills' }).getByText(skill).waitFor()
      for (const control of [view, 'Message']) expect(await card.getByRole('link', { name: control, exact: true }).isVisible()).toBe(true)
      await fitsPhone(startupPage, width)
    }
    await startupPage
      .getByRole('article', { name: 'Rosa Diaz' })
      .getByRole('link', { name: `Certificate ${number}: ${approvedTitle}` })
      .click()
    await expect.poll(() => new URL(startupPage.url()).pathname).toBe(`/verify/${number}`)
    await startupPage.getByRole('heading', { level: 1, name: 'Certificate verification' }).waitFor()
    await startupPage.getByText(approvedTitle).first().waitFor()

    // A second visit to the dashboard says Welcome back.
    await studentPage.reload()
    await studentPage.getByText(/^Welcome back, Rosa\./).waitFor()
  }, 120_000)
})
