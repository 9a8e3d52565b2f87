import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn, waitForPath } from './support/browser'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env'
import { openAs, register, type Account } from './support/live'
import { signInViaUi } from './support/session'

// The people journeys (spec §2, §6): a student's whole profile found and opened by a startup
// and overseen by the admin, and stored HTML that stays text in Chromium.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

beforeAll(() => {
  if (!ADMIN_PASSWORD) throw new Error('Set E2E_ADMIN_PASSWORD to the ADMIN_PASSWORD the server was started with.')
})
const pageOf = usePagesOfTheirOwn()

/** Fails with a screenshot of every open page, for the journey that broke. */
async function withScreenshots(name: string, pages: Page[], journey: () => Promise<void>) {
  try {
    await journey()
  } catch (error) {
    await Promise.all(pages.map((p, i) => saveScreenshot(p, `people-${name}-${i}`)))
    throw error
  }
}

describe('people', () => {
  it('a student fills the whole profile; a startup finds, opens and contacts them; the admin only looks', async () => {
    const skill = `Zig${randomUUID().slice(0, 6)}`
    const taskTitle = `Write the notes ${skill}`
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('people-student'), firstName: 'Ada', lastName: 'Lovelace' })
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('people-startup'), companyName: 'Finder Labs' })
    const studentPage = await pageOf()
    const startupPage = await pageOf()
    const adminPage = await pageOf()

    await withScreenshots('journey', [studentPage, startupPage, adminPage], async () => {
      // The student fills every part of the profile, with an avatar and a résumé.
      await openAs(studentPage, student, '/profile')
      await studentPage.getByRole('button', { name: 'Add Profile' }).click()
      const form = studentPage.getByRole('form', { name: 'Add Profile' })
      await form.getByLabel('Avatar', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
      await form.getByRole('img', { name: 'Your avatar' }).waitFor()
      await form.getByLabel('Headline').fill('Engine designer')
      await form.getByLabel('Bio').fill('I design analytical engines.')
      await form.getByLabel('Phone').fill('+44 20 7946 0958')
      await form.getByLabel('College', { exact: true }).fill('University of London')
      await form.getByLabel('College email').fill('ada@london.ac.uk')
      await form.getByRole('button', { name: 'Add Skill' }).click()
      await form.getByLabel('Skill 1', { exact: true }).fill(`Go, ${skill}`)
      await form.getByLabel('Level of skill 1').selectOption('expert')
      await form.getByRole('button', { name: 'Add Experience' }).click()
      await form.getByLabel('Title of experience 1').fill('Research assistant')
      await form.getByLabel('Company of experience 1').fill('Babbage & Co')
      await form.getByLabel('Start date of experience 1').fill('2024-06')
      await form.getByLabel('Current').check()
      await form.getByRole('button', { name: 'Add Project' }).click()
      await form.getByLabel('Title of project 1').fill('Note G')
      await form.getByLabel('Description of project 1').fill('The first published program.')
      await form.getByLabel('Technologies of project 1').fill('Punch cards, Mathematics')
      await form.getByLabel('Link of project 1').fill('https://example.com/note-g')
      await form.getByLabel('Resume', { exact: true }).setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: PDF })
      await form.getByRole('link', { name: 'Current resume' }).waitFor()
      await form.getByRole('button', { name: 'Save' }).click()
      await studentPage.getByText('Profile created!').waitFor()
      await studentPage.getByRole('heading', { level: 2, name: 'Ada Lovelace' }).waitFor()
      await studentPage.getByText('Research assistant').waitFor()

      // A startup finds her by skill, opens the profile and the résumé, and starts a chat.
      await openAs(startupPage, startup, '/startup/browse-students')
      await startupPage.getByRole('textbox', { name: 'Skills' }).fill(skill.toLowerCase())
      await startupPage.getByRole('button', { name: 'Filter' }).click()
      const card = startupPage.getByRole('article', { name: 'Ada Lovelace' })
      await card.getByText('Resume Available').waitFor()
      // The unfiltered list shows her card too, until the filtered answer replaces it.
      await expect.poll(() => startupPage.getByRole('article').count(), { timeout: 15_000 }).toBe(1)
      await card.getByRole('link', { name: 'View Profile' }).click()
      await waitForPath(startupPage, `/startup/students/${student.user._id}`)
      await startupPage.getByRole('list', { name: 'Skills' }).getByText(skill).waitFor()
      await startupPage.getByText('Note G').waitFor()

      const resume = startupPage.getByRole('link', { name: 'View Resume' })
      // The résumé opens in a new tab, which Chromium turns into a download of the opener
      // (Content-Disposition: attachment).
      const [download] = await Promise.all([startupPage.waitForEvent('download'), resume.click()])
      expect(download.suggestedFilename()).toBe('ada-cv.pdf')
      const href = (await resume.getAttribute('href'))!
      // A résumé opens only through a link signed for 15 minutes (docs/security.md, Privacy).
      expect(href).toMatch(/\/api\/files\/[0-9a-f-]+\?expires=\d+&signature=[0-9a-f]{64}$/)
      const served = await startupPage.request.get(href)
      expect(served.headers()['content-type']).toBe('application/pdf')
      expect(served.headers()['x-content-type-options']).toBe('nosniff')
      expect((await startupPage.request.get(href.split('?')[0])).status()).toBe(403)

      await startupPage.getByRole('link', { name: 'Start Chat' }).click()
      await waitForPath(startupPage, `/chat/${student.user._id}`)

      // Give the admin something to see: a task the student submitted to.
      const task = await apiCall('POST', '/api/startup/tasks', startup.token, {
        title: taskTitle,
        description: 'Translate and annotate the memoir.',
        workType: 'non-technical',
        category: 'writing',
        skills: [skill],
        estimatedHours: 5,
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      })
      await apiCall('POST', `/api/student/tasks/${String(task._id)}/submit-link`, student.token, { link: 'https://example.com/notes' })

      // The admin opens her dashboard, tasks and profile, and finds nothing that changes anything.
      await signInViaUi(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD)
      await adminPage.goto('/admin/dashboard')
      await adminPage.getByRole('link', { name: /^Students/ }).click()
      await adminPage.getByRole('link', { name: 'View Dashboard of Ada Lovelace' }).first().click()
      await waitForPath(adminPage, `/admin/students/${student.user._id}`)
      await adminPage.getByRole('article', { name: taskTitle }).waitFor()
      await expectReadOnly(adminPage)

      await adminPage.getByRole('link', { name: 'Tasks', exact: true }).click()
      await waitForPath(adminPage, `/admin/students/${student.user._id}/tasks`)
      await adminPage.getByRole('link', { name: 'https://example.com/notes' }).waitFor()
      await expectReadOnly(adminPage)

      await adminPage.getByRole('link', { name: 'Profile', exact: true }).click()
      await waitForPath(adminPage, `/admin/students/${student.user._id}/profile`)
      const adminResume = adminPage.getByRole('link', { name: 'View Resume' })
      await adminResume.waitFor()
      expect((await adminPage.request.get((await adminResume.getAttribute('href'))!)).status()).toBe(200)
      await adminPage.getByText('+442079460958').waitFor() // the admin sees the phone
      await adminPage.getByText(taskTitle).waitFor() // Past Submissions
      await expectReadOnly(adminPage)
    })
  })

  it('stored HTML and script in profiles render as text and never run', async () => {
    const payloads = ['<img src=x onerror="window.__xss=(window.__xss||0)+1">', '<script>window.__xss=(window.__xss||0)+1</script>']
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('xss-student'), firstName: 'Mallory', lastName: 'Payload' })
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('xss-startup'), companyName: 'Payload Inc' })
    await apiCall('POST', '/api/student/profile', student.token, {
      firstName: 'Mallory',
      lastName: 'Payload',
      bio: payloads.join(' '),
      skills: payloads.map((name) => ({ name })),
      projects: [{ title: 'Exploit', description: payloads.join(' '), technologies: ['<svg/onload=alert(1)>'] }],
    })
    await apiCall('PUT', '/api/startup/profile', startup.token, {
      companyName: 'Payload Inc',
      industry: 'Security',
      companyDescription: payloads.join(' '),
    })

    const studentPage = await pageOf()
    const startupPage = await pageOf()
    await withScreenshots('xss', [studentPage, startupPage], async () => {
      const dialogs: string[] = []
      for (const p of [studentPage, startupPage]) p.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())))

      const visits: Array<[Page, Account, string, string]> = [
        [studentPage, student, '/profile', 'Mallory Payload'],
        [startupPage, startup, `/startup/students/${student.user._id}`, 'Mallory Payload'],
        [startupPage, startup, '/profile', 'Payload Inc'],
        [startupPage, startup, `/startup/${startup.user._id}`, 'Payload Inc'],
      ]
      for (const [page, account, path, heading] of visits) {
        await openAs(page, account, path)
        await page.getByRole('heading', { level: 2, name: heading }).waitFor()
        await page.getByText(payloads[0]!, { exact: false }).first().waitFor()
        expect(await page.locator('img[src="x"]').count(), path).toBe(0)
        expect(await page.locator('main script, #root script').count(), path).toBe(0)
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0)
      }
      // Skill names are elements of their own, holding exactly the payload as their text.
      await openAs(startupPage, startup, `/startup/students/${student.user._id}`)
      await startupPage.getByRole('list', { name: 'Skills' }).getByText(payloads[1]!, { exact: true }).waitFor()
      expect(dialogs).toEqual([])
    })
  })
})

/** Nothing on the page can change anything: no form, no input, no action buttons or chat links. */
async function expectReadOnly(page: Page) {
  expect(await page.locator('main form, main input, main textarea, main select').count()).toBe(0)
  const actions = /submit|approve|reject|review|save|edit|delete|post|chat|message|connect|notification/i
  for (const role of ['button', 'link'] as const) {
    const names = await page.getByRole('main').getByRole(role).allInnerTexts()
    expect(
      names.filter((n) => actions.test(n)),
      `${role}s on ${new URL(page.url()).pathname}`,
    ).toEqual([])
  }
}
