import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { launchBrowser, saveScreenshot, usePagesOfTheirOwn, waitForPath } from './support/browser'
import { BASE_URL } from './support/env'
import { openAs, register, waitForLive, type Account } from './support/live'
import { signInViaUi } from './support/session'

// Saved searches (docs/api-contract.md, "Saved searches and finding your way in chat") against
// the real server: a student saves the tasks page's filter under a name,
// finds it on /settings, and hears live on their dashboard (a toast, and the bell's count) when a
// startup posts a task matching it. The settings page also fits a 390 px phone. Its email
// settings section has its own journey, email-digest.e2e.ts.

const pageOf = usePagesOfTheirOwn()

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

let student: Account
const word = `Quokka${randomUUID().slice(0, 6)}`
const searchName = `${word} design work`

describe('saved search alert', () => {
  it('save a filtered search on /tasks → listed on /settings → a matching task toasts live and counts in the bell', async ({ onTestFailed }) => {
    student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('alert-student'), firstName: 'Ravi', lastName: 'Nair' })
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('alert-startup'), companyName: 'Alert Labs' })
    const page = await pageOf()
    onTestFailed(async () => {
      await saveScreenshot(page, 'saved-search-alert')
    })

    await signInViaUi(page, student.user.email, 'secret123')
    await page.goto('/tasks')
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill(word.toLowerCase())
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByLabel('Category', { exact: true }).selectOption('design')
    await page.getByLabel('Deadline on or before', { exact: true }).fill(inDays(30))
    await page.waitForURL((url) => url.searchParams.get('category') === 'design' && url.searchParams.get('deadline') === inDays(30))

    await page.getByRole('button', { name: 'Save this search' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save this search' })
    await dialog.getByLabel('Name', { exact: true }).fill(searchName)
    await dialog.getByRole('button', { name: 'Save search' }).click()
    await page.getByText('Search saved').waitFor()
    await dialog.waitFor({ state: 'detached' })

    // The server kept what the filters held.
    const kept = await apiCall<Array<Record<string, unknown>>>('GET', '/api/student/saved-searches', student.token)
    expect(kept).toEqual([
      expect.objectContaining({
        name: searchName,
        search: word.toLowerCase(),
        category: 'design',
        skills: [],
        deadlineBefore: inDays(30),
        source: '',
      }),
    ])

    // /settings from the account menu lists it in words.
    await page.getByRole('button', { name: /account menu/i }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await waitForPath(page, '/settings')
    const list = page.getByRole('list', { name: 'Saved searches' })
    const item = list.getByRole('listitem').filter({ hasText: searchName })
    await item.waitFor()
    expect(await item.textContent()).toContain(`"${word.toLowerCase()}" · Design · before`)

    // The student goes to their dashboard (where the bell is), and a startup posts a matching
    // task: the open page toasts it and the bell counts it, without a reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click()
    await waitForPath(page, '/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Student dashboard' }).waitFor()
    await waitForLive(page)
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications')
    const title = `Poster for the ${word} festival`
    const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title,
      description: `A ${word} poster in two sizes.`,
      workType: 'technical',
      category: 'design',
      skills: ['Figma'],
      estimatedHours: 3,
      deadline: inDays(14),
    })
    await page.getByText(`New task matching your saved search: "${title}"`).waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 })

    // View goes to the task's page.
    await page.getByRole('button', { name: 'View', exact: true }).click()
    await waitForPath(page, `/tasks/${task._id}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()

    // Show tasks opens the tasks page with the saved filters.
    await page.goto('/settings')
    await page.getByRole('link', { name: `Show tasks for ${searchName}` }).click()
    await page.waitForURL(
      (url) => url.pathname === '/tasks' && url.searchParams.get('search') === word.toLowerCase() && url.searchParams.get('category') === 'design',
    )
    await page.getByRole('article', { name: title }).waitFor()
  })

  it('the settings page fits a 390 px phone', async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } })
    try {
      const page = await phone.newPage()
      await openAs(page, student, '/settings')
      const item = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem').filter({ hasText: searchName })
      await item.waitFor()
      expect(await item.isVisible()).toBe(true)
      await page.getByRole('button', { name: `Delete saved search ${searchName}` }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await phone.close()
    }
  })
})
