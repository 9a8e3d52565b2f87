import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { uniqueEmail } from './api'
import { launchBrowser, type Browser } from './browser'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './env'

// Helpers for the live journeys (chat, cluster): accounts, signed-in pages, the socket's state.

export type Account = { token: string; user: { _id: string; email: string; userType: string } }

/** Signs the admin in through the API, with the credentials the server was started with. */
export async function signInAdmin(): Promise<Account> {
  if (!ADMIN_PASSWORD) throw new Error('Set E2E_ADMIN_PASSWORD to the ADMIN_PASSWORD the server was started with.')
  const response = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  })
  if (!response.ok) throw new Error(`admin login: HTTP ${response.status} ${await response.text()}`)
  return response.json() as Promise<Account>
}

/** POST /api/register on the server at baseUrl. */
export async function register(baseUrl: string, body: Record<string, string>): Promise<Account> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ password: 'secret123', confirmPassword: 'secret123', ...body }),
  })
  if (response.status !== 201) throw new Error(`register: HTTP ${response.status} ${await response.text()}`)
  return response.json() as Promise<Account>
}

/** A fresh student (Ada Lovelace) and a fresh startup (Acme Labs). */
export async function studentAndStartup(tag: string, baseUrl = BASE_URL): Promise<{ student: Account; startup: Account }> {
  const student = await register(baseUrl, { userType: 'student', email: uniqueEmail(`${tag}-student`), firstName: 'Ada', lastName: 'Lovelace' })
  const startup = await register(baseUrl, { userType: 'startup', email: uniqueEmail(`${tag}-startup`), companyName: 'Acme Labs' })
  return { student, startup }
}

export type StudentAndStartup = { student: Account; startup: Account; studentPage: Page; startupPage: Page }

/**
 * The lifecycle of a two-user journey file: a fresh student and startup, each with a page in a
 * browser of their own, for the whole file. The returned object is filled in before the first test.
 */
export function useStudentAndStartup(tag: string): StudentAndStartup {
  const users = {} as StudentAndStartup
  const browsers: Browser[] = []
  beforeAll(async () => {
    Object.assign(users, await studentAndStartup(tag))
    for (const role of ['student', 'startup'] as const) {
      const browser = await launchBrowser()
      browsers.push(browser)
      users[`${role}Page`] = await browser.newPage()
    }
  })
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()))
  })
  return users
}

/** Signs page in as account (the stored session the app reads on start) and opens path. */
export async function openAs(page: Page, account: Account, path: string): Promise<void> {
  await page.evaluate((auth) => localStorage.setItem('auth', JSON.stringify(auth)), { token: account.token, user: account.user })
  await page.goto(path)
}

/** Waits until the page's websocket is authenticated ("ready"). */
export async function waitForLive(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('[data-realtime-status="ready"]').waitFor({ state: 'attached', timeout })
}

type StatusLog = Window & { __statusLog?: Array<{ status: string; at: number }> }

/** Records every change of the page's connection status with the time it happened. */
export async function recordStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: Array<{ status: string; at: number }> = []
    ;(window as StatusLog).__statusLog = log
    const banner = document.querySelector('[data-realtime-status]')!
    log.push({ status: banner.getAttribute('data-realtime-status')!, at: Date.now() })
    new MutationObserver(() => log.push({ status: banner.getAttribute('data-realtime-status')!, at: Date.now() })).observe(banner, {
      attributes: true,
      attributeFilter: ['data-realtime-status'],
    })
  })
}

/** When the page's socket was ready again after losing its connection at or after since (ms). */
export async function readyAgainAt(page: Page, since: number, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    (after) => {
      const log = (window as StatusLog).__statusLog ?? []
      const lost = log.findIndex((e) => e.at >= after && e.status === 'reconnecting')
      return lost >= 0 && log.slice(lost).find((e) => e.status === 'ready')?.at
    },
    since,
    { timeout },
  )
  return (await handle.jsonValue()) as number
}

/** Marks the document, so a later check can tell the page was never reloaded. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
}

export async function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)
}

/** The conversation panel of a chat page. */
export const chatPanel = (page: Page) => page.getByRole('region', { name: /^Chat with / })

/**
 * The first line of each message in a chat page's thread, in order: its text. A message's bubble
 * is read without the "New messages" divider that heads the first unread one, which shows when
 * the thread opens with messages unread (it did in a journey's reload, once in CI).
 */
export async function threadTexts(page: Page): Promise<string[]> {
  const bubbles = await chatPanel(page).getByRole('log').getByRole('listitem').locator(':scope > div:not([role="separator"])').allInnerTexts()
  return bubbles.map((b) => b.split('\n')[0]!)
}

/** The bubble saying text in a chat page's thread (not the composer, which may hold it too). */
export const bubble = (page: Page, text: string) => chatPanel(page).getByRole('log').getByText(text, { exact: true })
