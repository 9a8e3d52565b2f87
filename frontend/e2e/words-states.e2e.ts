import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { launchBrowser, saveScreenshot, waitForPath, type Browser } from './support/browser'
import { openAs, studentAndStartup, type Account } from './support/live'

// Against the real server, on a laptop and a phone: the phone's /tasks shows its first task
// without scrolling (the filters fold behind a button), a signed-in visitor of the landing page
// is offered their dashboard, and the words say what is true (assigned, submitted to, Tier).

const sizes = [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const

describe('words and states', () => {
  let student: Account
  let startup: Account
  const browsers: Browser[] = []
  const word = `Wordstate${Date.now().toString(36)}`

  beforeAll(async () => {
    ;({ student, startup } = await studentAndStartup('words'))
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const post = (title: string, extra: Record<string, unknown> = {}) =>
      apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
        title,
        description: `${word}: a task for the words journey.`,
        workType: 'technical',
        category: 'web-development',
        skills: ['React'],
        estimatedHours: 2,
        deadline,
        ...extra,
      })
    const submittedTo = await post(`${word} submitted to`)
    await post(`${word} assigned`, { assignedStudent: student.user._id })
    await post(`${word} open`)
    await apiCall('POST', `/api/student/tasks/${submittedTo._id}/submit-link`, student.token, {
      link: `https://github.com/ada-lovelace/a-rather-long-repository-name-for-the-words-journey/tree/main/src/${word}`,
    })
  })
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()))
  })

  for (const [name, viewport] of sizes) {
    describe(`at ${viewport.width}x${viewport.height}`, () => {
      let page: Page
      beforeAll(async () => {
        const browser = await launchBrowser({ viewport })
        browsers.push(browser)
        page = await browser.newPage()
      })

      const journey = (title: string, run: () => Promise<void>) =>
        it(title, async ({ onTestFailed }) => {
          onTestFailed(async () => {
            await saveScreenshot(page, `words-states-${name}-${title}`)
          })
          await run()
        })

      journey('shows a visitor the first task above the fold on /tasks', async () => {
        await page.goto(`/tasks?search=${word}`)
        const first = page.getByRole('region', { name: 'Available Tasks' }).getByRole('article').first()
        await first.waitFor()
        const box = await first.boundingBox()
        expect(box!.y).toBeLessThan(viewport.height)
        const category = page.getByLabel('Category', { exact: true })
        if (name === 'phone') {
          // Folded: a button opens the filters, and says how many are on.
          expect(await category.isVisible()).toBe(false)
          await page.goto(`/tasks?search=${word}&paid=true&category=web-development`)
          const toggle = page.getByRole('button', { name: 'Filters (2)' })
          await toggle.click()
          await category.waitFor()
          expect(await toggle.getAttribute('aria-expanded')).toBe('true')
        } else {
          expect(await category.isVisible()).toBe(true)
          expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false)
        }
      })

      journey('offers a signed-in student their dashboard on the landing page, and their own tasks under true names', async () => {
        await openAs(page, student, '/')
        const toDashboard = page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }).first()
        await toDashboard.waitFor()
        expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0)
        await toDashboard.click()
        await waitForPath(page, '/dashboard')
        await page.getByText('Connect opens a chat with the startup, to ask about its work.').waitFor()

        await page.goto(`/tasks?search=${word}`)
        const assigned = page.getByRole('region', { name: 'Your Assigned Tasks' })
        await assigned.getByRole('article', { name: `${word} assigned` }).waitFor()
        expect(await assigned.getByRole('article', { name: `${word} submitted to` }).count()).toBe(0)
        await page
          .getByRole('region', { name: 'Your Submitted Tasks' })
          .getByRole('article', { name: `${word} submitted to` })
          .waitFor()
      })

      journey('tells the startup who is assigned, keeps a long link on one line, and says what Free means', async () => {
        await openAs(page, startup, '/startup/tasks')
        const work = page.getByRole('article', { name: `${word} submitted to` })
        await work.getByText('Assigned to Unassigned · one submission so far').waitFor()
        const link = work.getByRole('link', { name: /a-rather-long-repository-name/ })
        expect(await link.getAttribute('title')).toContain(word)
        const box = await link.boundingBox()
        // One line of text (14 px at 20 px line height), however long the link.
        expect(box!.height).toBeLessThan(30)

        await page.goto('/dashboard')
        await page.getByText('Free: every feature, with no subscription. It is the only plan.').waitFor()
        await page.getByText('Different students whose work you approved, each counted once').waitFor()
      })
    })
  }

  it('shows the header while the session check is on its way', async () => {
    const browser = await launchBrowser({ viewport: sizes[1][1] })
    browsers.push(browser)
    const page = await browser.newPage()
    // The check is held back until the header has been seen, so the spinner is on screen for sure.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/me', async (route) => {
      await held
      await route.continue()
    })
    await openAs(page, student, '/certificates')
    await page.getByRole('status', { name: 'Loading your session' }).waitFor()
    expect(await page.getByRole('banner').getByRole('link', { name: 'Bridgework' }).isVisible()).toBe(true)
    release()
    await page.getByRole('heading', { level: 1, name: 'Certificates' }).waitFor()
  })
})
