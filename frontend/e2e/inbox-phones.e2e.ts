import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { saveScreenshot } from './support/browser'
import { bubble, chatPanel, markNoReload, openAs, useStudentAndStartup, waitForLive, wasNotReloaded } from './support/live'

// The inbox on phones: a startup on its dashboard sees the header's unread count rise live when a
// student writes; /messages lists the conversations, /chat the people to chat with (their unread
// counts too); on a phone the list takes the width and a conversation has its own screen with
// Back; the startup's submissions are stacked cards with Status and the actions in view. Each at
// 1366×768 and 390×844.

const users = useStudentAndStartup('inbox')

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/** The element lies within the viewport's width (so nothing needs a sideways scroll to reach it). */
async function withinWidth(selector: ReturnType<Page['getByRole']>, width: number) {
  await selector.waitFor()
  const box = (await selector.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(width)
}

/** The header's Messages entry: in the bar on a wide screen, behind the menu button on a phone. */
async function messagesEntry(page: Page, phone: boolean) {
  if (!phone) return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ })
  const menu = page.getByRole('button', { name: 'Open menu' })
  if (await menu.isVisible()) await menu.click()
  return page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: /^Messages/ })
}

let taskTitle = ''

beforeAll(async () => {
  const { student, startup } = users
  taskTitle = `Inbox phones task ${Date.now().toString(36)}`
  const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
    title: taskTitle,
    description: 'Checks the submissions cards on a phone.',
    workType: 'technical',
    category: 'web-development',
    skills: ['React'],
    estimatedHours: 2,
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  })
  await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, {
    link: 'https://example.com/a-rather-long-submission-link/for/phones',
  })
})

describe.each(SIZES)('inbox, unread badge and phones at $width px', ({ width, height }) => {
  const phone = width < 640

  it('the startup on its dashboard sees 1 unread in the header live; /chat lists people, /messages conversations', async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, `inbox-${width}-student`)
      await saveScreenshot(startupPage, `inbox-${width}-startup`)
    })
    await studentPage.setViewportSize({ width, height })
    await startupPage.setViewportSize({ width, height })
    await openAs(startupPage, startup, '/dashboard')
    await startupPage.getByRole('heading', { level: 1, name: 'Startup dashboard' }).waitFor()
    await waitForLive(startupPage)
    await markNoReload(startupPage)
    expect(await (await messagesEntry(startupPage, phone)).getAttribute('aria-label')).toBeNull() // nothing unread yet
    if (phone) await startupPage.getByRole('button', { name: 'Close menu' }).click()

    // The student writes from the inbox; no "Message sent!" toast, the bubble is the confirmation.
    await openAs(studentPage, student, `/chat/${startup.user._id}`)
    const text = `Hello from the inbox at ${width}`
    await chatPanel(studentPage).getByRole('textbox', { name: 'Message' }).fill(text)
    await chatPanel(studentPage).getByRole('button', { name: 'Send' }).click()
    await bubble(studentPage, text).waitFor()
    expect(await studentPage.getByText('Message sent!').count()).toBe(0)

    // The startup's header counts it without a reload.
    if (phone) await startupPage.getByTestId('menu-unread-dot').waitFor({ timeout: 5000 })
    const entry = await messagesEntry(startupPage, phone)
    await expect.poll(() => entry.getAttribute('aria-label'), { timeout: 5000 }).toBe('Messages, 1 unread')
    expect(await entry.isVisible()).toBe(true)
    expect(await wasNotReloaded(startupPage)).toBe(true)
    await noSidewaysScroll(startupPage, width)

    // The header's entry opens /messages: the conversations, with Mark all as read.
    await entry.click()
    await startupPage.waitForURL(/\/messages$/)
    await startupPage.getByRole('list', { name: 'Conversations' }).waitFor()
    expect(await startupPage.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Conversations'])
    expect(await startupPage.getByRole('button', { name: 'Mark all as read' }).isVisible()).toBe(true)
    await noSidewaysScroll(startupPage, width)

    // /chat: the people to chat with, Ada's unread message counted on her row.
    await startupPage.goto('/chat')
    // Other journeys register Ada Lovelaces too: this one is ours by its id.
    const adaRow = startupPage
      .getByRole('region', { name: 'Students' })
      .getByRole('listitem')
      .filter({ has: startupPage.locator(`[href*="${student.user._id}"]`) })
    await adaRow.getByRole('img', { name: '1 unread message' }).waitFor()
    expect(await startupPage.getByRole('list', { name: 'Conversations' }).count()).toBe(0)
    if (phone) await withinWidth(adaRow.getByRole('link', { name: 'Chat with Ada Lovelace' }), width)
    await noSidewaysScroll(startupPage, width)

    await startupPage.goBack()
    await startupPage.waitForURL(/\/messages$/)

    const list = startupPage.getByRole('list', { name: 'Conversations' })
    const row = list.getByRole('link', { name: /Ada Lovelace/ })
    await row.getByRole('img', { name: '1 unread message' }).waitFor()
    if (phone) {
      // The list takes the screen's width (less the page's small margins), its controls in view.
      const box = (await list.boundingBox())!
      expect(box.width).toBeGreaterThanOrEqual(width - 24)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      await withinWidth(startupPage.getByRole('button', { name: 'Mark all as read' }), width)
    }

    // Opening the conversation reads it: on a phone it takes the screen, with Back to the list.
    await row.click()
    await bubble(startupPage, text).waitFor()
    await noSidewaysScroll(startupPage, width)
    const back = chatPanel(startupPage).getByRole('link', { name: 'Back' })
    expect(await back.isVisible()).toBe(true)
    for (const control of [
      back,
      chatPanel(startupPage).getByRole('button', { name: 'Search' }),
      chatPanel(startupPage).getByRole('button', { name: 'Send' }),
    ]) {
      await withinWidth(control, width)
    }
    if (phone) expect(await list.isVisible()).toBe(false)
    await expect.poll(async () => (await messagesEntry(startupPage, phone)).getAttribute('aria-label'), { timeout: 5000 }).toBeNull()
    if (phone) await startupPage.getByRole('button', { name: 'Close menu' }).click()
    await back.click()
    await startupPage.waitForURL(/\/messages$/)
    await list.waitFor()
    expect(await chatPanel(startupPage).count()).toBe(0)
  })

  it("the startup's submissions show Status and the actions without scrolling sideways", async ({ onTestFailed }) => {
    const { startup, startupPage } = users
    onTestFailed(() => saveScreenshot(startupPage, `inbox-${width}-submissions`).then(() => undefined))
    await startupPage.setViewportSize({ width, height })
    await openAs(startupPage, startup, '/startup/submissions')
    const approve = startupPage.getByRole('button', { name: "Approve Ada Lovelace's submission" })
    const reject = startupPage.getByRole('button', { name: "Reject Ada Lovelace's submission" })
    if (phone) {
      const card = startupPage.getByRole('listitem', { name: `${taskTitle}: Ada Lovelace` })
      await card.waitFor()
      expect(await startupPage.getByRole('table').count()).toBe(0)
      const status = card.getByText('Pending', { exact: true })
      expect(await status.isVisible()).toBe(true)
      await withinWidth(status, width)
    } else {
      const table = startupPage.getByRole('table')
      await table.getByRole('columnheader', { name: 'Status' }).waitFor()
      await table.getByRole('row', { name: new RegExp(taskTitle) }).waitFor()
    }
    await withinWidth(approve, width)
    await withinWidth(reject, width)
    expect(await approve.isVisible()).toBe(true)
    await noSidewaysScroll(startupPage, width)
  })
})
