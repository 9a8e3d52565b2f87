import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn, waitForPath } from './support/browser'
import { BASE_URL } from './support/env'
import { register } from './support/live'
import { signInViaUi } from './support/session'

// Pay and the task page (docs/marketplace.md, "Screens: pay and the task page") against the real
// server, at desktop and phone width: a visitor sees pay with its currency on the /tasks cards,
// keeps only paid work sorted by pay, opens a card's title for the task's page with the whole
// brief; a student submits a link there, sees it as "Your link", and replaces it only through
// Update link, where a localhost link is refused.

const pageOf = usePagesOfTheirOwn()
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const LOCAL_REFUSED = 'Use a public link: the startup cannot open localhost, private-network or IP addresses'

async function noSideScroll(page: Page, width: number) {
  if (width > 400) return
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

const cardTitles = (page: Page) =>
  page
    .getByRole('region', { name: 'Available Tasks' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))

describe.each([
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
])('task page and pay at $width px', ({ width, height }) => {
  it('visitor: pay on cards → Paid only + Highest pay → title opens /tasks/{id}; student: submit, Your link, Update link', async ({
    onTestFailed,
  }) => {
    const word = `Wombat${randomUUID().slice(0, 6)}`
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('pay-startup'), companyName: 'Pay Labs' })
    const post = (title: string, budget: { min: number; max: number }, currency: string) =>
      apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
        title: `${word} ${title}`,
        description: `The ${title} brief.\nDeliver a public link.`,
        workType: 'technical',
        category: 'design',
        skills: ['Figma', 'Branding'],
        estimatedHours: 6,
        deadline: inDays(20),
        budget,
        currency,
        difficulty: 'intermediate',
      })
    const logo = await post('logo', { min: 100, max: 250 }, 'USD')
    await post('volunteer copy', { min: 0, max: 0 }, 'USD')
    await post('brand audit', { min: 0, max: 900 }, 'EUR')

    const visitor = await pageOf()
    await visitor.setViewportSize({ width, height })
    onTestFailed(async () => {
      await saveScreenshot(visitor, `task-page-pay-${width}-visitor`)
    })
    await visitor.goto(`/tasks?search=${word}`)
    const logoCard = visitor.getByRole('article', { name: `${word} logo` })
    await logoCard.getByText('$100–$250').waitFor()
    await visitor
      .getByRole('article', { name: `${word} volunteer copy` })
      .getByText('Unpaid')
      .waitFor()
    await visitor
      .getByRole('article', { name: `${word} brand audit` })
      .getByText('Up to €900')
      .waitFor()
    await noSideScroll(visitor, width)

    // On a phone the filters fold behind their button (the first task shows without scrolling).
    const filters = visitor.getByRole('button', { name: /^Filters/ })
    if (await filters.isVisible()) await filters.click()
    const paidOnly = visitor.getByRole('checkbox', { name: 'Paid only' })
    expect(await paidOnly.isVisible()).toBe(true)
    // The box follows the URL, so it shows ticked once the URL says paid=true.
    await paidOnly.click()
    await visitor.waitForURL((url) => url.searchParams.get('paid') === 'true')
    // The URL changes first and the box is drawn from it after: wait for the redraw.
    await expect.poll(() => paidOnly.isChecked()).toBe(true)
    await visitor.getByLabel('Sort by', { exact: true }).selectOption('pay')
    await visitor.waitForURL((url) => url.searchParams.get('paid') === 'true' && url.searchParams.get('sort') === 'pay')
    await visitor.getByRole('article', { name: `${word} volunteer copy` }).waitFor({ state: 'detached' })
    // The paid-only list stays on screen until the sorted one arrives.
    await expect.poll(() => cardTitles(visitor)).toEqual([`${word} brand audit`, `${word} logo`])
    await noSideScroll(visitor, width)

    await logoCard.getByRole('link', { name: `${word} logo` }).click()
    await waitForPath(visitor, `/tasks/${logo._id}`)
    await visitor.getByRole('heading', { level: 1, name: `${word} logo` }).waitFor()
    await visitor.getByText('$100–$250').waitFor()
    await visitor.getByText('Deliver a public link.').waitFor()
    await visitor.getByText('Intermediate').waitFor()
    const signIn = visitor.getByRole('link', { name: 'Sign in to submit your work' })
    expect(await signIn.isVisible()).toBe(true)
    await noSideScroll(visitor, width)

    // A student signs in and submits on the task page.
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('pay-student'), firstName: 'Asha', lastName: 'Verma' })
    const page = await pageOf()
    await page.setViewportSize({ width, height })
    onTestFailed(async () => {
      await saveScreenshot(page, `task-page-pay-${width}-student`)
    })
    await signInViaUi(page, student.user.email, 'secret123')
    await page.goto(`/tasks/${logo._id}`)
    await page.getByRole('heading', { level: 1, name: `${word} logo` }).waitFor()
    const linkInput = page.getByRole('textbox', { name: `Link to your work for ${word} logo` })
    await linkInput.fill('https://github.com/asha/logo')
    await page.getByRole('button', { name: 'Submit Task' }).click()
    await page.getByText('Link submitted successfully!').waitFor()
    const first = page.getByRole('link', { name: 'https://github.com/asha/logo', exact: true })
    await first.waitFor()
    expect(await first.locator('xpath=..').textContent()).toContain('Your link: https://github.com/asha/logo')
    expect(await linkInput.count()).toBe(0)

    const update = page.getByRole('button', { name: `Update link for ${word} logo` })
    expect(await update.isVisible()).toBe(true)
    await noSideScroll(page, width)
    await update.click()
    await linkInput.fill('http://localhost:3000/logo')
    await page.getByRole('button', { name: 'Update link', exact: true }).click()
    await page.getByText(LOCAL_REFUSED).waitFor()
    expect(await linkInput.getAttribute('aria-invalid')).toBe('true')
    await linkInput.fill('https://github.com/asha/logo-v2')
    await page.getByRole('button', { name: 'Update link', exact: true }).click()
    await page.getByRole('link', { name: 'https://github.com/asha/logo-v2', exact: true }).waitFor()
    await noSideScroll(page, width)

    const mine = await apiCall<{ mySubmission: { link: string; status: string } | null }>('GET', `/api/tasks/${logo._id}`, student.token)
    expect(mine.mySubmission).toMatchObject({ link: 'https://github.com/asha/logo-v2', status: 'pending' })
  })
})
