import type { Page } from 'playwright-core'
import { uniqueEmail } from './api'
import { BASE_URL } from './env'

// Helpers for the live journeys (chat, cluster): accounts, signed-in pages, the socket's state.

export type Account = { token: string; user: { _id: string; email: string; userType: string } }

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

/** Signs page in as account (the stored session the app reads on start) and opens path. */
export async function openAs(page: Page, account: Account, path: string): Promise<void> {
  await page.evaluate((auth) => localStorage.setItem('auth', JSON.stringify(auth)), { token: account.token, user: account.user })
  await page.goto(path)
}

/** Waits until the page's websocket is authenticated ("ready"). */
export async function waitForLive(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('[data-realtime-status="ready"]').waitFor({ state: 'attached', timeout })
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
