import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from './support/api'
import { launchBrowser, saveScreenshot, type Browser } from './support/browser'
import { BASE_URL } from './support/env'
import { openAs, register, signInAdmin, type Account } from './support/live'

// The admin dashboard (docs/marketplace.md, "Admin dashboard"): the admin sees this week's figures
// and the weekly chart, opens the Students tile, finds a freshly registered student by name, sorts
// and pages the search; at 390 px every admin table is a stack of cards and nothing scrolls
// sideways.

/** A surname no earlier run used, in letters only (names take no digits). */
const surname = `Pager${Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`
/** 21 students share the surname, so a search for it fills a page of 20 and one more. */
const firstNames = Array.from({ length: 20 }, (_, i) => `Abe${'abcdefghijklmnopqrst'[i]}`).concat('Marigold')

describe('admin dashboard', () => {
  let admin: Account
  let desktop: Browser
  let phone: Browser

  beforeAll(async () => {
    admin = await signInAdmin()
    for (const firstName of firstNames) {
      await register(BASE_URL, { userType: 'student', email: uniqueEmail('admin-dash'), firstName, lastName: surname })
    }
    await fetch(`${BASE_URL}/api/help`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: '+1 555 010 4477', email: uniqueEmail('admin-dash-help') }),
    })
    desktop = await launchBrowser({ viewport: { width: 1366, height: 768 } })
    phone = await launchBrowser({ viewport: { width: 390, height: 844 } })
  }, 120_000)
  afterAll(async () => {
    await Promise.all([desktop?.close(), phone?.close()])
  })

  /** The figure under a label of the activity section, as a number. */
  const figure = async (page: Page, label: string) =>
    Number(await page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').innerText())

  const studentsTable = (page: Page) => page.getByRole('table', { name: 'Students' })

  /** Searches the students table and waits for the URL and the first row to follow. */
  async function search(page: Page, text: string) {
    await page.getByRole('searchbox', { name: 'Search students' }).fill(text)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`))
  }

  for (const [name, width] of [
    ['desktop', 1366],
    ['phone', 390],
  ] as const) {
    it(`at ${width} px: figures and chart, a tile to the students, search, sort and paging`, async () => {
      const page = await (width === 1366 ? desktop : phone).newPage()
      try {
        await openAs(page, admin, '/admin/dashboard')
        await page.getByRole('heading', { name: 'Admin dashboard', level: 1 }).waitFor()
        // This week's figures count the students registered above; the chart is one named image.
        await page.getByText('Sign-ups this week').waitFor()
        expect(await figure(page, 'Sign-ups this week')).toBeGreaterThanOrEqual(firstNames.length)
        expect(await figure(page, 'Open tasks')).toBeGreaterThanOrEqual(0)
        const chart = page.getByRole('img', { name: /^Weekly activity over the last 12 weeks/ })
        await chart.waitFor()
        expect(await chart.locator('rect').count()).toBe(36)
        expect(await page.getByRole('list', { name: 'Submissions by status' }).getByRole('listitem').count()).toBe(6)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

        // The Students tile is a link: focus it and press Enter.
        await page.getByRole('link', { name: /^Students\s*\d+$/ }).focus()
        await page.keyboard.press('Enter')
        await page.waitForURL(/view=students/)
        await studentsTable(page).waitFor()

        // The fresh student, by first and last name.
        await search(page, `Marigold ${surname}`)
        const rows = studentsTable(page).locator('tbody tr')
        // The page before stays up until the answer comes: wait for the one row.
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1)
        expect(await rows.first().innerText()).toContain(`Marigold ${surname}`)

        // Everyone with the surname: 21, newest first, so Marigold (registered last) leads page 1.
        await search(page, surname)
        await page.getByRole('navigation', { name: 'Students pages' }).getByText('Page 1 of 2').waitFor()
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(20)
        expect(await rows.first().innerText()).toContain('Marigold')

        // By name: Abea first; page 2 holds Marigold alone.
        await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name')
        await page.waitForURL(/sort=name/)
        await rows
          .first()
          .filter({ hasText: `Abea ${surname}` })
          .waitFor()
        const pager = page.getByRole('navigation', { name: 'Students pages' })
        await pager.getByRole('button', { name: 'Next' }).click()
        await pager.getByText('Page 2 of 2').waitFor()
        await page.waitForURL(/page=2/)
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1)
        expect(await rows.first().innerText()).toContain(`Marigold ${surname}`)

        if (width === 390) {
          // Cards: the head is hidden, each row is a block with label: value lines.
          expect(await studentsTable(page).locator('thead').isVisible()).toBe(false)
          const card = rows.first()
          expect(await card.evaluate((tr) => getComputedStyle(tr).display)).toBe('block')
          const email = card.locator('td[data-label="Email"]')
          expect(await email.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Email"')
          expect(await card.getByRole('link', { name: /^View Dashboard of Marigold/ }).isVisible()).toBe(true)
        } else {
          expect(await studentsTable(page).locator('thead').isVisible()).toBe(true)
          expect(await rows.first().evaluate((tr) => getComputedStyle(tr).display)).toBe('table-row')
        }
        for (const control of [
          page.getByRole('searchbox', { name: 'Search students' }),
          page.getByRole('combobox', { name: 'Sort by' }),
          pager.getByRole('button', { name: 'Previous' }),
          page.getByRole('link', { name: 'Back to Dashboard' }),
        ]) {
          expect(await control.isVisible()).toBe(true)
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

        // Reload keeps the search, sort and page.
        await page.reload()
        await pager.getByText('Page 2 of 2').waitFor()
        expect(await page.getByRole('searchbox', { name: 'Search students' }).inputValue()).toBe(surname)

        // Back to the dashboard, then the startups and help requests: cards on a phone too.
        await page.getByRole('link', { name: 'Back to Dashboard' }).click()
        await page.getByRole('link', { name: 'Help requests' }).click()
        const help = page.getByRole('table', { name: 'Help requests' })
        await help.locator('tbody tr').first().waitFor()
        await page.getByRole('link', { name: 'Back to Dashboard' }).click()
        await page.getByRole('link', { name: /^Startups\s*\d+$/ }).click()
        const startups = page.getByRole('table', { name: 'Startups' })
        await startups.waitFor()
        await page.getByRole('searchbox', { name: 'Search startups' }).waitFor()
        if (width === 390) {
          expect(await startups.locator('thead').isVisible()).toBe(false)
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      } catch (error) {
        await saveScreenshot(page, `admin-dashboard-${name}`)
        throw error
      }
    }, 90_000)
  }
})
