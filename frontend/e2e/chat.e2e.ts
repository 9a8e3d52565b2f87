import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { saveScreenshot } from './support/browser'
import { bubble, chatPanel, markNoReload, openAs, threadTexts, useStudentAndStartup, waitForLive, wasNotReloaded } from './support/live'

// Acceptance 1 of the realtime issue: two Chromium profiles, a student and a startup, chat on
// /chat/{id}. Each message shows in the other's thread within 1 s with no reload; typing and read
// ticks show.

const LIVE_BUDGET_MS = 1000

const users = useStudentAndStartup('chat')

type Watched = Window & { __arrival?: Promise<number> }

/**
 * Sends text from one page and returns how long the other page took to show it, measured inside
 * the browsers (both read the same clock): from the Send click to the bubble in the other DOM.
 */
async function sendAndMeasure(from: Page, to: Page, text: string): Promise<number> {
  await chatPanel(from).getByRole('textbox', { name: 'Message' }).fill(text)
  // The watcher is in place before the click, so the arrival cannot slip past it.
  await to.evaluate((wanted) => {
    const seen = () => [...document.querySelectorAll('[role="log"] li')].some((li) => li.textContent?.startsWith(wanted))
    ;(window as Watched).__arrival = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (seen()) {
          observer.disconnect()
          resolve(Date.now())
        }
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    })
  }, text)
  const clicked = await from.evaluate(() => {
    const send = document.querySelector<HTMLButtonElement>('form[aria-label="Send a message"] button[type="submit"]')!
    const at = Date.now()
    send.click()
    return at
  })
  await bubble(to, text).waitFor({ timeout: 10_000 })
  const appeared = await to.evaluate(() => (window as Watched).__arrival!)
  return appeared - clicked
}

describe('live chat between a student and a startup', () => {
  it('messages, typing and read ticks arrive live in both threads', async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, 'chat-student')
      await saveScreenshot(startupPage, 'chat-startup')
    })
    await openAs(studentPage, student, `/chat/${startup.user._id}`)
    await openAs(startupPage, startup, `/chat/${student.user._id}`)
    await chatPanel(studentPage).getByText('No messages yet').waitFor()
    await chatPanel(startupPage).getByText('No messages yet').waitFor()
    await waitForLive(studentPage)
    await waitForLive(startupPage)
    await markNoReload(studentPage)
    await markNoReload(startupPage)

    // The student writes: it shows on the startup's screen, on the left.
    const first = await sendAndMeasure(studentPage, startupPage, 'Hello Acme, is the task still open?')
    expect(first, `student → startup took ${first} ms`).toBeLessThanOrEqual(LIVE_BUDGET_MS)
    const incoming = chatPanel(startupPage).getByRole('listitem').filter({ hasText: 'Hello Acme' })
    expect(await incoming.getAttribute('data-own')).toBe('false')

    // The startup has the thread open, so the student's message turns "Read" on the student's screen.
    const mine = chatPanel(studentPage).getByRole('listitem').filter({ hasText: 'Hello Acme' })
    expect(await mine.getAttribute('data-own')).toBe('true')
    await mine.getByRole('img', { name: 'Read' }).waitFor({ timeout: 5000 })

    // The startup types: the student sees it.
    await chatPanel(startupPage).getByRole('textbox', { name: 'Message' }).pressSequentially('Yes it', { delay: 30 })
    await chatPanel(studentPage).getByText('Acme Labs is typing…').waitFor({ timeout: 5000 })

    // The startup's answer comes back just as fast, and the typing line goes away.
    await chatPanel(startupPage).getByRole('textbox', { name: 'Message' }).fill('')
    const reply = await sendAndMeasure(startupPage, studentPage, 'Yes it is, welcome aboard!')
    expect(reply, `startup → student took ${reply} ms`).toBeLessThanOrEqual(LIVE_BUDGET_MS)
    await chatPanel(studentPage).getByText('Acme Labs is typing…').waitFor({ state: 'detached', timeout: 5000 })
    const answered = chatPanel(startupPage).getByRole('listitem').filter({ hasText: 'Yes it is' })
    await answered.getByRole('img', { name: 'Read' }).waitFor({ timeout: 5000 })

    // A few more in a row, each once, in order, on both sides.
    for (const n of [1, 2, 3]) {
      const took = await sendAndMeasure(n % 2 ? studentPage : startupPage, n % 2 ? startupPage : studentPage, `ping ${n}`)
      expect(took, `ping ${n} took ${took} ms`).toBeLessThanOrEqual(LIVE_BUDGET_MS)
    }
    for (const page of [studentPage, startupPage]) {
      expect(await threadTexts(page)).toEqual(['Hello Acme, is the task still open?', 'Yes it is, welcome aboard!', 'ping 1', 'ping 2', 'ping 3'])
      expect(await wasNotReloaded(page)).toBe(true)
    }
    console.info(`live delivery: student→startup ${first} ms, startup→student ${reply} ms`)
  })
})
