import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { usePagesOfTheirOwn } from './support/browser'
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_STUDENT } from './support/env'
import { signInViaUi } from './support/session'

// Pictures: every run saves the main screens, on a desktop and on a phone, into
// docs/screenshots/ (the README shows some), from the demo data ./scripts/run.sh loads, and checks
// each fits its width. A visitor sees the product before installing it, and a change to a screen
// shows in the diff.

const pageOf = usePagesOfTheirOwn()
const DIR = join(process.cwd(), '..', 'docs', 'screenshots')
const DEMO_STARTUP = { email: 'startup@demo.bridgework.app', password: DEMO_STUDENT.password }
const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const

type Screen = { name: string; path: string; ready: (page: Page) => Promise<unknown> }

/** From the tasks list, the first card's title opens the task page. */
async function openFirstTask(page: Page) {
  await page.getByRole('article').first().getByRole('link').first().click()
  await page.waitForURL(/\/tasks\/[^/]+$/)
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor()

const screens: Array<[string, { email: string; password: string } | null, Screen[]]> = [
  [
    'a visitor',
    null,
    [
      { name: 'landing', path: '/', ready: heading('Connect. Learn. Grow.') },
      // Highest pay first: the demo's paid tasks lead, not the journeys' unpaid ones.
      { name: 'tasks', path: '/tasks?sort=pay', ready: (page) => page.getByRole('article').first().waitFor() },
      { name: 'task-page', path: '/tasks?sort=pay', ready: openFirstTask },
    ],
  ],
  [
    'the demo student',
    DEMO_STUDENT,
    [
      { name: 'student-dashboard', path: '/dashboard', ready: heading('Student dashboard') },
      { name: 'certificates', path: '/certificates', ready: (page) => page.getByRole('article').first().waitFor() },
      { name: 'messages', path: '/messages', ready: (page) => page.waitForLoadState('networkidle') },
    ],
  ],
  [
    'the demo startup',
    DEMO_STARTUP,
    [
      { name: 'startup-dashboard', path: '/dashboard', ready: heading(/dashboard/i) },
      { name: 'submissions', path: '/startup/submissions', ready: (page) => page.waitForLoadState('networkidle') },
      { name: 'browse-students', path: '/startup/browse-students', ready: (page) => page.waitForLoadState('networkidle') },
    ],
  ],
  ['the admin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, [{ name: 'admin-dashboard', path: '/dashboard', ready: heading(/admin/i) }]],
]

describe('screenshots of the main screens', () => {
  for (const [who, account, list] of screens) {
    it(`as ${who}, on a desktop and a phone`, async () => {
      const page = await pageOf()
      if (account) await signInViaUi(page, account.email, account.password)
      for (const screen of list) {
        for (const [size, viewport] of Object.entries(SIZES)) {
          await page.setViewportSize(viewport)
          await page.goto(screen.path)
          await screen.ready(page)
          await page.waitForLoadState('networkidle')
          // Let toasts from signing in fade and images settle.
          await page.waitForTimeout(300)
          // Every main screen fits the width it is shown at: nothing scrolls sideways on a phone.
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${screen.name} at ${viewport.width} px`).toBeLessThanOrEqual(
            viewport.width,
          )
          const file = join(DIR, `${screen.name}-${size}.png`)
          await page.screenshot({ path: file, animations: 'disabled' })
          expect((await stat(file)).size, file).toBeGreaterThan(5_000)
        }
      }
    })
  }
})
