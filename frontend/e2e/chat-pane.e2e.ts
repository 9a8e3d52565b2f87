import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { wcagViolations } from './support/axe'
import { saveScreenshot } from './support/browser'
import { pngBytes } from './support/files'
import { chatPanel, openAs, register, useStudentAndStartup, waitForLive } from './support/live'
import { BASE_URL } from './support/env'

// A chat that fits the screen: with 50 messages in a conversation, the partner's header, the
// newest message (an image with its text) and the composer are all in view, the page itself does
// not scroll and there is no footer; a reader scrolled up is told of a new message rather than
// moved; on a phone the list and the thread are two screens with Back. axe finds nothing.

const users = useStudentAndStartup('chat-pane')

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const

async function expectNoAxeViolations(page: Page) {
  const violations = await wcagViolations(page)
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** The element's box lies wholly between `top` (px) and the bottom of the window. */
async function expectInWindow(page: Page, element: Locator, top = 0) {
  const box = (await element.boundingBox())!
  const innerHeight = await page.evaluate(() => window.innerHeight)
  expect(box.y, 'top').toBeGreaterThanOrEqual(top - 1)
  expect(box.y + box.height, 'bottom').toBeLessThanOrEqual(innerHeight + 1)
}

/** The element lies wholly inside the visible part of the thread's scroll box. */
async function expectInThread(page: Page, element: Locator) {
  const thread = (await page.getByTestId('thread-scroll').boundingBox())!
  const box = (await element.boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(thread.y - 1)
  expect(box.y + box.height).toBeLessThanOrEqual(thread.y + thread.height + 1)
}

/** The document itself never scrolls (list and thread scroll inside it), and has no footer. */
async function expectScreenFitted(page: Page) {
  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.scrollingElement!.scrollHeight,
    innerHeight: window.innerHeight,
  }))
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight)
  expect(await page.getByRole('contentinfo').count()).toBe(0)
}

const message = (page: Page, text: string) => chatPanel(page).getByRole('log').getByRole('listitem').filter({ hasText: text })

describe.each(SIZES)('the chat pane at $width×$height', ({ width, height }) => {
  const phone = width < 640

  it('keeps the header, the newest of 50 messages and the composer in view; Back returns to the list', async ({ onTestFailed }) => {
    const { student, studentPage: page } = users
    onTestFailed(() => saveScreenshot(page, `chat-pane-${width}`).then(() => undefined))
    // A startup of its own per size, with 49 messages through the API, answered in turns, all read.
    const partner = await register(BASE_URL, { userType: 'startup', email: uniqueEmail(`chat-pane-${width}`), companyName: `Pane Labs ${width}` })
    for (let n = 1; n <= 49; n++) {
      const [from, to] = n % 2 ? [partner, student] : [student, partner]
      await apiCall('POST', '/api/chat/send', from.token, { receiver: to.user._id, content: `Message ${n} of the long thread` })
    }
    await apiCall('POST', `/api/chat/${partner.user._id}/read`, student.token)

    await page.setViewportSize({ width, height })
    await openAs(page, student, `/chat/${partner.user._id}`)
    await message(page, 'Message 49 of').waitFor()
    await waitForLive(page)
    const header = chatPanel(page).locator('header')
    const composer = chatPanel(page).getByRole('form', { name: 'Send a message' })
    await expectInWindow(page, composer)
    await expectInThread(page, message(page, 'Message 49 of'))

    // The 50th, through the UI, with an image: its bubble shows whole once the image is in.
    await composer.getByLabel('Attach files').setInputFiles([{ name: 'pane.png', mimeType: 'image/png', buffer: pngBytes(320, 240) }])
    await composer.getByText('Uploading…').waitFor({ state: 'detached', timeout: 10_000 })
    await composer.getByRole('textbox', { name: 'Message' }).fill('Message 50, with the mock-up')
    await composer.getByRole('button', { name: 'Send' }).click()
    const newest = message(page, 'Message 50, with the mock-up')
    await newest.getByRole('img', { name: 'Sent' }).waitFor()
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[role="log"] img[alt="pane.png"]')
      return img?.complete && img.naturalWidth > 0
    })
    expect(await chatPanel(page).getByRole('log').locator('ol > li').count()).toBe(50)
    await expect
      .poll(async () => {
        const [box, thread] = await Promise.all([newest.boundingBox(), page.getByTestId('thread-scroll').boundingBox()])
        return box!.y + box!.height <= thread!.y + thread!.height + 1
      })
      .toBe(true)
    await expectInThread(page, newest)
    await expectInWindow(page, newest)
    await expectInWindow(page, composer)
    await expectInWindow(page, header)
    expect(await header.getByRole('heading', { name: `Pane Labs ${width}` }).isVisible()).toBe(true)
    await expectScreenFitted(page)

    // Scrolled up to read older messages, an arrival does not move the reader: it is announced.
    await page.getByTestId('thread-scroll').evaluate((thread) => (thread.scrollTop = 0))
    await message(page, 'Message 1 of').waitFor()
    await apiCall('POST', '/api/chat/send', partner.token, { receiver: student.user._id, content: 'Arrived while reading' })
    const arrival = message(page, 'Arrived while reading')
    await arrival.waitFor()
    const newMessages = chatPanel(page).getByRole('button', { name: 'New messages' })
    await newMessages.waitFor()
    expect(await page.getByTestId('thread-scroll').evaluate((thread) => thread.scrollTop)).toBe(0)
    await newMessages.click()
    await newMessages.waitFor({ state: 'detached' })
    await expect
      .poll(async () => {
        const [box, thread] = await Promise.all([arrival.boundingBox(), page.getByTestId('thread-scroll').boundingBox()])
        return box!.y + box!.height <= thread!.y + thread!.height + 1
      })
      .toBe(true)
    // On screen now, so read: the conversation counts nothing unread.
    await expect
      .poll(async () => {
        const conversations = await apiCall<Array<{ _id: string; unreadCount: number }>>('GET', '/api/chat/conversations', student.token)
        return conversations.find((c) => c._id === partner.user._id)?.unreadCount
      })
      .toBe(0)
    await expectNoAxeViolations(page)

    // /messages opens the same pane, as fitted.
    await page.goto(`/messages?with=${partner.user._id}`)
    await message(page, 'Arrived while reading').waitFor()
    await expectInWindow(page, chatPanel(page).getByRole('form', { name: 'Send a message' }))
    await expectInWindow(page, chatPanel(page).locator('header'))
    await expectScreenFitted(page)
    await expectNoAxeViolations(page)
    const list = page.getByRole('list', { name: 'Conversations' })
    expect(await list.isVisible()).toBe(!phone)

    // Back: on a phone, from the thread's screen to the list's.
    await page.goto(`/chat/${partner.user._id}`)
    await message(page, 'Arrived while reading').waitFor()
    const people = page.getByRole('region', { name: 'Startups' })
    expect(await people.isVisible()).toBe(!phone)
    await chatPanel(page).getByRole('link', { name: 'Back' }).click()
    await page.waitForURL(/\/chat$/)
    await people.getByRole('link', { name: `Chat with Pane Labs ${width}` }).waitFor()
    expect(await chatPanel(page).count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1, name: 'Chat' }).isVisible()).toBe(true)
    expect(await page.getByText('People you can chat with').isVisible()).toBe(true)
    await expectScreenFitted(page)
    await expectNoAxeViolations(page)
  })
})
