import type { Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { launchBrowser, pathOf, saveScreenshot, waitForPath, type Browser } from './support/browser'
import { openAs, studentAndStartup } from './support/live'

// The marketplace's main journey with the keyboard alone: a startup posts work, a student sends
// a link, the startup approves it in its dialog, the student writes in the chat. Only Tab,
// Shift+Tab, Enter, Space, the arrow keys and typing; no click and no mouse. Every control
// reached shows where the focus is, and focus comes back where it belongs when a dialog closes.

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)

/** What has the focus, in words, for failure messages. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return '(nothing: the page itself)'
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? ''
    return `<${el.tagName.toLowerCase()}> ${name}`
  })
}

/**
 * The focused element shows it (an outline, or a ring drawn as a box-shadow with a spread), lies
 * inside the viewport, and nothing covers its middle (the sticky header, a toast).
 */
async function expectFocusVisible(page: Page, what: string) {
  const state = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { ok: false, why: 'nothing focused' }
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1
    const ring = /0px 0px 0px [1-9]/.test(style.boxShadow)
    const box = el.getBoundingClientRect()
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1)
    const y = Math.min(Math.max(box.top + Math.min(box.height, 40) / 2, 0), innerHeight - 1)
    const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
    const top = document.elementFromPoint(x, y)
    const uncovered = Boolean(top && (el.contains(top) || top.contains(el) || top.closest('label')?.control === el))
    return {
      ok: (outline || ring) && inView && uncovered,
      why: `outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}, in view ${inView}, uncovered ${uncovered} (${top?.tagName})`,
    }
  })
  expect(state.ok, `${what} (${await focusedName(page)}): ${state.why}`).toBe(true)
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/** Presses Tab (Shift+Tab with back) until target has the focus, then checks it shows. */
async function tabTo(page: Page, target: Locator, what: string, { back = false, max = 60 } = {}) {
  await target.waitFor()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (await isFocused(target)) return expectFocusVisible(page, what)
  }
  throw new Error(`${what}: not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; the focus is on ${await focusedName(page)}`)
}

/** "MMDDYYYY" for typing into Chromium's date field (en-US order), segment after segment. */
function dateKeys(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getMonth() + 1)}${two(date.getDate())}${date.getFullYear()}`
}

describe('the main journey with the keyboard only', () => {
  const browsers: Browser[] = []
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()))
  })

  for (const viewport of SIZES) {
    it(`post work → submit a link → approve → chat, at ${viewport.width}x${viewport.height}`, async ({ onTestFailed }) => {
      const { student, startup } = await studentAndStartup(`keys-${viewport.width}`)
      const [startupPage, studentPage] = await Promise.all(
        [0, 1].map(async () => {
          const browser = await launchBrowser({ viewport })
          browsers.push(browser)
          return browser.newPage()
        }),
      )
      onTestFailed(async () => {
        await saveScreenshot(startupPage, `keyboard-${viewport.width}-startup`)
        await saveScreenshot(studentPage, `keyboard-${viewport.width}-student`)
      })
      const title = `Keyboard landing page ${viewport.width}`

      // The startup posts the work: every field is reached with Tab and filled by typing.
      await openAs(startupPage, startup, '/startup/post-work')
      const form = startupPage.getByRole('form', { name: 'Post New Work' })
      await tabTo(startupPage, form.getByLabel('Title'), 'Title')
      await startupPage.keyboard.type(title)
      await tabTo(startupPage, form.getByLabel('Description'), 'Description')
      await startupPage.keyboard.type('A landing page with a signup form.')
      await tabTo(startupPage, form.getByLabel('Work Type'), 'Work Type')
      await startupPage.keyboard.press('ArrowDown') // Technical
      expect(await form.getByLabel('Work Type').inputValue()).toBe('technical')
      await tabTo(startupPage, form.getByLabel('Category'), 'Category')
      await startupPage.keyboard.press('ArrowDown') // Development
      expect(await form.getByLabel('Category').inputValue()).toBe('development')
      await tabTo(startupPage, form.getByLabel('Skills', { exact: true }), 'Skills')
      await startupPage.keyboard.type('HTML, CSS')
      await tabTo(startupPage, form.getByLabel('Estimated Hours'), 'Estimated Hours')
      await startupPage.keyboard.type('3')
      await tabTo(startupPage, form.getByLabel('Deadline'), 'Deadline')
      await startupPage.keyboard.type(dateKeys(inDays(7)))
      await tabTo(startupPage, form.getByRole('button', { name: 'Post Work' }), 'Post Work')
      await startupPage.keyboard.press('Enter')
      await waitForPath(startupPage, '/startup/tasks')

      // My Works: the new work's View Details opens its page.
      const work = startupPage.getByRole('article').filter({ hasText: title })
      await tabTo(startupPage, work.getByRole('link', { name: 'View Details' }), 'View Details')
      await startupPage.keyboard.press('Enter')
      await startupPage.waitForURL(/\/startup\/tasks\/[^/]+$/)
      const taskId = pathOf(startupPage).split('/').pop()!

      // The student sends a link from the task's page, with Enter in the field.
      await openAs(studentPage, student, `/tasks/${taskId}`)
      await tabTo(studentPage, studentPage.getByRole('textbox', { name: `Link to your work for ${title}` }), 'the link field')
      await studentPage.keyboard.type('https://example.com/keyboard-landing')
      await studentPage.keyboard.press('Enter')
      await studentPage.getByText('Link submitted successfully!').waitFor()

      // The startup opens Approve, leaves it with Escape (focus back on Approve), opens it with Space.
      await startupPage.reload()
      const submission = startupPage.getByRole('listitem', { name: "Ada Lovelace's submission" })
      const approve = submission.getByRole('button', { name: "Approve Ada Lovelace's submission" })
      await tabTo(startupPage, approve, 'Approve')
      await startupPage.keyboard.press('Enter')
      const dialog = startupPage.getByRole('dialog', { name: `Approve Ada Lovelace's work on '${title}'?` })
      await dialog.waitFor()
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus moves into the dialog').toBe(true)
      await expectFocusVisible(startupPage, 'the dialog’s first field')
      await startupPage.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await isFocused(approve), `Escape returns the focus to Approve, not ${await focusedName(startupPage)}`).toBe(true)
      await expectFocusVisible(startupPage, 'Approve after Escape')

      await startupPage.keyboard.press('Space')
      await dialog.waitFor()
      // Tab and Shift+Tab go round the dialog's controls and never leave it.
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await startupPage.keyboard.press(key)
        expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} stays in the dialog`).toBe(true)
        await expectFocusVisible(startupPage, `in the dialog after ${key}`)
      }
      await tabTo(startupPage, dialog.getByRole('button', { name: 'Confirm' }), 'Confirm')
      await startupPage.keyboard.press('Enter')
      await startupPage.getByText('Work approved!').waitFor()
      await dialog.waitFor({ state: 'detached' })
      // Approve is gone with the decision: the focus lands on the submission it decided.
      await submission.getByText('Approved', { exact: true }).first().waitFor()
      expect(await isFocused(submission), `after Confirm the focus is on the submission, not ${await focusedName(startupPage)}`).toBe(true)
      await expectFocusVisible(startupPage, 'the submission after Confirm')

      // The student opens the chat from their dashboard's Networking and writes, sending with Enter.
      await studentPage.goto('/dashboard')
      const connect = studentPage
        .getByRole('link', { name: 'Connect: message Acme Labs' })
        .and(studentPage.locator(`[href="/chat/${startup.user._id}"]`))
      await tabTo(studentPage, connect, 'Connect: message Acme Labs')
      await studentPage.keyboard.press('Enter')
      await waitForPath(studentPage, `/chat/${startup.user._id}`)
      const composer = studentPage.getByRole('textbox', { name: 'Message' })
      await tabTo(studentPage, composer, 'the message field')
      await studentPage.keyboard.type('Thanks for approving my landing page!')
      await studentPage.keyboard.press('Enter')
      await studentPage.getByRole('log').getByText('Thanks for approving my landing page!', { exact: true }).waitFor()
      expect(await isFocused(composer), 'the focus stays in the message field after sending').toBe(true)
    }, 120_000)
  }
})
