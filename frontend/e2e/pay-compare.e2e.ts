import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn } from './support/browser'
import { BASE_URL } from './support/env'
import { register } from './support/live'

// Pay that compares, against the real server at its default rates, at desktop and phone width:
// Highest pay puts €200 above ₹8,000–₹12,000 and says it is approximate, each card keeps its own
// currency, and a budget range in euros keeps the tasks whose budgets meet it, whatever theirs.

const pageOf = usePagesOfTheirOwn()
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const cardTitles = (page: Page) =>
  page
    .getByRole('region', { name: 'Available Tasks' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))

describe.each([
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
])('pay across currencies at $width px', ({ width, height }) => {
  it('Highest pay in approximate dollars → a budget range in euros', async ({ onTestFailed }) => {
    const word = `Quokka${randomUUID().slice(0, 6)}`
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('compare-startup'), companyName: 'Rate Labs' })
    const post = (title: string, budget: { min: number; max: number }, currency: string) =>
      apiCall('POST', '/api/startup/tasks', startup.token, {
        title: `${word} ${title}`,
        description: 'A short brief.',
        workType: 'technical',
        category: 'design',
        skills: ['Figma'],
        estimatedHours: 4,
        deadline: inDays(20),
        budget,
        currency,
      })
    await post('rupees', { min: 8000, max: 12000 }, 'INR') // about $96–$144
    await post('euros', { min: 200, max: 200 }, 'EUR') // about $216
    await post('dollars', { min: 100, max: 150 }, 'USD')

    const page = await pageOf()
    await page.setViewportSize({ width, height })
    onTestFailed(async () => {
      await saveScreenshot(page, `pay-compare-${width}`)
    })
    await page.goto(`/tasks?search=${word}`)
    await page
      .getByRole('article', { name: `${word} rupees` })
      .getByText('₹8,000–₹12,000')
      .waitFor()
    // On a phone the filters fold behind their button (the first task shows without scrolling).
    const filters = page.getByRole('button', { name: /^Filters/ })
    if (await filters.isVisible()) await filters.click()
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Highest pay (approximate)' })
    await page.getByText('Sorted by approximate value in USD').waitFor()
    await expect.poll(() => cardTitles(page)).toEqual([`${word} euros`, `${word} dollars`, `${word} rupees`])
    await page
      .getByRole('article', { name: `${word} euros` })
      .getByText('€200')
      .waitFor()

    // The range starts in the browser's currency (en-US here) and is asked in euros.
    const currency = page.getByLabel('Budget currency')
    expect(await currency.inputValue()).toBe('USD')
    await currency.selectOption('EUR')
    await page.waitForURL((url) => url.searchParams.get('payCurrency') === 'EUR')
    await page.getByLabel('Minimum budget').fill('130')
    await page.getByLabel('Maximum budget').fill('190')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL((url) => url.searchParams.get('payMin') === '130' && url.searchParams.get('payMax') === '190')
    // €130–€190 is about $140–$205: the dollars and the rupees meet it, €200 does not.
    await expect.poll(() => cardTitles(page)).toEqual([`${word} dollars`, `${word} rupees`])
    if (width < 400) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // A reload keeps the range: it lives in the URL.
    await page.reload()
    expect(await page.getByLabel('Minimum budget').inputValue()).toBe('130')
    await expect.poll(() => cardTitles(page)).toEqual([`${word} dollars`, `${word} rupees`])
  })
})
