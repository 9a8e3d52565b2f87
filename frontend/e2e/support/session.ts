import type { Page } from 'playwright-core'
import { waitForPath } from './browser'

/**
 * Signs in through the login form and waits for /dashboard (the app moves there 1 s after
 * "Login successful!"). `remember` ticks "Remember me" (session kept in localStorage).
 */
export async function signInViaUi(page: Page, email: string, password: string, options: { remember?: boolean } = {}) {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await waitForPath(page, '/dashboard')
}

/** Opens the account menu and signs out; resolves on /login. */
export async function signOutViaUi(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click()
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
  await waitForPath(page, '/login')
}
