import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn } from './support/browser'
import { BASE_URL } from './support/env'
import { openAs, register, signInAdmin, type Account } from './support/live'

// docs/api-contract.md, "Lists and paging": the SPA's lists page through the server's Link and
// X-Total-Count headers, against the real server: the tasks page, a student's own tasks, My Works,
// the submissions table, the admin's tables and Browse Students each show a page, then the next
// one.

const pageOf = usePagesOfTheirOwn()

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** The articles of a list section whose title holds word: the cards shown. */
function cards(page: Page, word: string) {
  return page.getByRole('article').filter({ hasText: word })
}

/** Waits for the pager named label to say text, e.g. "Page 1 of 2". */
async function pagerSays(page: Page, label: string, text: string) {
  await page.getByRole('navigation', { name: label }).getByText(text, { exact: true }).waitFor()
}

async function nextPage(page: Page, label: string) {
  await page.getByRole('navigation', { name: label }).getByRole('button', { name: 'Next' }).click()
}

/** How many items a list holds, from its X-Total-Count. */
async function totalOf(path: string, token: string): Promise<number> {
  const response = await fetch(`${BASE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  return Number(response.headers.get('X-Total-Count'))
}

describe('paging through the headers', () => {
  const word = `Pagewalk${randomUUID().slice(0, 6)}`
  let startup: Account
  let student: Account
  let admin: Account

  beforeAll(async () => {
    startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('paging-startup'), companyName: 'Pager Labs' })
    student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('paging-student'), firstName: 'Paige', lastName: 'Walker' })
    admin = await signInAdmin()
    // Thirteen tasks, one more than a page of the SPA's 12, and the student's link on each.
    for (let i = 1; i <= 13; i++) {
      const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
        title: `${word} task ${String(i).padStart(2, '0')}`,
        description: 'A task to page through.',
        workType: 'technical',
        category: 'web-development',
        skills: ['React'],
        estimatedHours: 2,
        deadline: inDays(7 + i),
      })
      await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: `https://example.com/${word}/${i}` })
    }
  })

  it("shows 12 tasks a page on /tasks, My Works and the student's own tasks, and the 13th on page 2", async () => {
    const visitor = await pageOf()
    const startupPage = await pageOf()
    const studentPage = await pageOf()
    try {
      await visitor.goto(`/tasks?search=${word}`)
      await pagerSays(visitor, 'Available Tasks pages', 'Page 1 of 2')
      expect(await cards(visitor, word).count()).toBe(12)
      await nextPage(visitor, 'Available Tasks pages')
      await pagerSays(visitor, 'Available Tasks pages', 'Page 2 of 2')
      await cards(visitor, `${word} task 13`).waitFor()
      expect(await cards(visitor, word).count()).toBe(1)
      expect(new URL(visitor.url()).searchParams.get('page')).toBe('2')

      await openAs(startupPage, startup, '/startup/tasks')
      await pagerSays(startupPage, 'My Works pages', 'Page 1 of 2')
      expect(await cards(startupPage, word).count()).toBe(12)
      await startupPage.getByRole('tab', { name: 'All Works (13)' }).waitFor()
      await nextPage(startupPage, 'My Works pages')
      await pagerSays(startupPage, 'My Works pages', 'Page 2 of 2')
      expect(await cards(startupPage, word).count()).toBe(1)

      await openAs(studentPage, student, `/tasks?search=${word}`)
      await pagerSays(studentPage, 'Your Submitted Tasks pages', 'Page 1 of 2')
      await nextPage(studentPage, 'Your Submitted Tasks pages')
      await pagerSays(studentPage, 'Your Submitted Tasks pages', 'Page 2 of 2')
    } catch (error) {
      await Promise.all([visitor, startupPage, studentPage].map((p, i) => saveScreenshot(p, `paging-tasks-${i}`)))
      throw error
    }
  })

  it("pages the startup's submissions table", async () => {
    const page = await pageOf()
    try {
      await openAs(page, startup, '/startup/submissions')
      await pagerSays(page, 'Submissions pages', 'Page 1 of 2')
      await nextPage(page, 'Submissions pages')
      await pagerSays(page, 'Submissions pages', 'Page 2 of 2')
      await page.getByRole('row').filter({ hasText: word }).first().waitFor()
    } catch (error) {
      await saveScreenshot(page, 'paging-submissions')
      throw error
    }
  })

  it("pages the admin's students table 20 at a time, and Browse Students 100 at a time", async () => {
    // Enough students for two pages of each, whatever the journeys before left behind.
    let students = await totalOf('/api/admin/students?per_page=1', admin.token)
    while (students <= 100) {
      await register(BASE_URL, { userType: 'student', email: uniqueEmail('paging-more'), firstName: 'More', lastName: 'Students' })
      students++
    }
    const adminPage = await pageOf()
    const startupPage = await pageOf()
    try {
      await openAs(adminPage, admin, '/dashboard?view=students')
      const pages = Math.ceil(students / 20)
      await pagerSays(adminPage, 'Students pages', `Page 1 of ${pages}`)
      await nextPage(adminPage, 'Students pages')
      await pagerSays(adminPage, 'Students pages', `Page 2 of ${pages}`)

      await openAs(startupPage, startup, '/startup/browse-students')
      await pagerSays(startupPage, 'Students pages', `Page 1 of ${Math.ceil(students / 100)}`)
      await nextPage(startupPage, 'Students pages')
      await pagerSays(startupPage, 'Students pages', `Page 2 of ${Math.ceil(students / 100)}`)
    } catch (error) {
      await Promise.all([adminPage, startupPage].map((p, i) => saveScreenshot(p, `paging-people-${i}`)))
      throw error
    }
  }, 120_000)
})
