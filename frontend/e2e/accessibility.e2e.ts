import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { wcagViolations } from './support/axe'
import { launchBrowser, saveScreenshot, type Browser } from './support/browser'
import { signInAdmin, studentAndStartup, type Account } from './support/live'

// axe-core on every page of every role, on a desktop and on a phone, with realistic data (a task
// with submissions, an approved paid one with its certificate and payment, a chat with messages,
// notifications): any violation of the WCAG 2.2 A and AA rules fails, listed with its rule, impact,
// element, page and size. Each page's screenshot goes to docs/screenshots/ux/ (docs/ux.md).

const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const
const SHOTS = join(process.cwd(), '..', 'docs', 'screenshots', 'ux')
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

type Role = 'visitor' | 'student' | 'startup' | 'admin'
type Seed = {
  student: Account
  startup: Account
  admin: Account
  openTaskId: string
  doneTaskId: string
  certificateNumber: string
  paymentId: string
}

/** Every route of src/app/router.tsx that each role may open (the role dashboards' aliases aside). */
function pagesOf(role: Role, s: Seed): string[] {
  const studentId = s.student.user._id
  const startupId = s.startup.user._id
  switch (role) {
    case 'visitor':
      return [
        '/',
        '/tasks',
        `/tasks/${s.openTaskId}`,
        '/help',
        `/verify/${s.certificateNumber}`,
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password?token=x',
        '/verify-company',
        '/unsubscribe?token=x',
      ]
    case 'student':
      return [
        '/dashboard',
        '/profile',
        '/settings',
        '/certificates',
        '/messages',
        `/chat/${startupId}`,
        `/startup/${startupId}`,
        '/payments',
        `/payments/${s.paymentId}`,
        '/tasks',
        `/tasks/${s.openTaskId}`,
        `/tasks/${s.doneTaskId}`,
        '/help',
      ]
    case 'startup':
      return [
        '/dashboard',
        '/profile',
        '/settings',
        '/certificates',
        '/messages',
        `/chat/${studentId}`,
        `/startup/${startupId}`,
        '/payments',
        `/payments/${s.paymentId}`,
        '/startup/post-work',
        '/startup/browse-students',
        '/startup/students',
        `/startup/students/${studentId}`,
        '/startup/submissions',
        '/startup/tasks',
        `/startup/tasks/${s.openTaskId}`,
        `/startup/tasks/${s.doneTaskId}`,
        `/tasks/${s.openTaskId}`,
        '/verify-company',
      ]
    case 'admin':
      return [
        '/dashboard',
        '/profile',
        '/settings',
        '/admin/audit',
        `/admin/students/${studentId}`,
        `/admin/students/${studentId}/tasks`,
        `/admin/students/${studentId}/profile`,
        `/admin/startups/${startupId}`,
        `/admin/startups/${startupId}/profile`,
        `/admin/startups/${startupId}/tasks`,
      ]
  }
}

/** A readable name for a page: "startup-startup-tasks-open" for the open task's /startup/tasks/<id>. */
function shotName(role: Role, path: string, s: Seed): string {
  const ids: Array<[string, string]> = [
    [s.openTaskId, 'open'],
    [s.doneTaskId, 'done'],
    [s.student.user._id, 'id'],
    [s.startup.user._id, 'id'],
    [s.certificateNumber, 'id'],
    [s.paymentId, 'id'],
  ]
  let name = path.split('?')[0]!
  for (const [id, word] of ids) name = name.replaceAll(id, word)
  return `${role}${name === '/' ? '-home' : name.replaceAll('/', '-')}`
}

/** Creates the people and the data every page shows, through the API. */
async function seed(): Promise<Seed> {
  const { student, startup } = await studentAndStartup('axe')
  const admin = await signInAdmin()
  const task = (title: string, budget?: { min: number; max: number }) =>
    apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title,
      description: 'A landing page with a signup form.',
      workType: 'technical',
      category: 'web-development',
      skills: ['React', 'CSS'],
      estimatedHours: 4,
      deadline: inDays(7),
      ...(budget && { budget, currency: 'USD' }),
    })
  const done = await task('Axe paid landing page', { min: 100, max: 200 })
  const open = await task('Axe open signup form')
  await apiCall('POST', `/api/student/tasks/${done._id}/submit-link`, student.token, { link: 'https://example.com/landing' })
  await apiCall('POST', `/api/startup/tasks/${done._id}/approve`, startup.token, { studentId: student.user._id, approve: true, payAmount: 150 })
  await apiCall('POST', `/api/student/tasks/${open._id}/submit-link`, student.token, { link: 'https://example.com/signup' })
  for (const [from, to, content] of [
    [startup, student, 'Thanks for the landing page, it looks great.'],
    [student, startup, 'Glad it helps! I sent the signup form too.'],
    [startup, student, 'Can you start on Monday?'],
  ] as const) {
    await apiCall('POST', '/api/chat/send', from.token, { receiver: to.user._id, content })
  }
  const [certificate] = await apiCall<Array<{ certificateNumber: string }>>('GET', '/api/student/certificates', student.token)
  const [payment] = await apiCall<Array<{ _id: string }>>('GET', '/api/payments', startup.token)
  return {
    student,
    startup,
    admin,
    openTaskId: open._id,
    doneTaskId: done._id,
    certificateNumber: certificate!.certificateNumber,
    paymentId: payment!._id,
  }
}

/** Opens path and waits for its main heading, its requests to settle and its fonts. */
async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined)
}

/** axe's WCAG A/AA violations on the page, one line per element. */
async function violationsOn(page: Page, where: string, path: string): Promise<string[]> {
  const violations = await wcagViolations(page)
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${where} ${path}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}`),
  )
}

describe('axe: no WCAG 2.2 A/AA violation on any page', () => {
  let browser: Browser
  let s: Seed

  beforeAll(async () => {
    s = await seed()
    browser = await launchBrowser()
    await mkdir(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const role of ['visitor', 'student', 'startup', 'admin'] as const) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      it(`every page as the ${role}, at ${viewport.width}x${viewport.height}`, async () => {
        const page = await browser.newPage()
        await page.setViewportSize(viewport)
        await page.emulateMedia({ reducedMotion: 'reduce' })
        const account = role === 'visitor' ? null : s[role]
        if (account) await page.evaluate((auth) => localStorage.setItem('auth', JSON.stringify(auth)), { token: account.token, user: account.user })
        const found: string[] = []
        for (const path of pagesOf(role, s)) {
          try {
            await visit(page, path)
          } catch (error) {
            await saveScreenshot(page, `axe-${role}-${size}-${path}`)
            throw error
          }
          await page.screenshot({ path: join(SHOTS, `${shotName(role, path, s)}-${size}.png`), animations: 'disabled' })
          found.push(...(await violationsOn(page, `${role} ${size}`, shotName(role, path, s))))
        }
        await page.close()
        expect(found).toEqual([])
      }, 300_000) // some 18 pages, each loaded, screenshot and checked
    }
  }
})
