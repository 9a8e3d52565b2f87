import { describe, expect, it } from 'vitest'
import { launchBrowser, saveScreenshot, waitForPath } from './support/browser'
import { register } from './support/live'
import { uniqueEmail } from './support/api'
import { BASE_URL } from './support/env'
import { signInViaUi } from './support/session'

// One place for the account: from the account menu to Settings, every section there (password,
// devices, the sign-in log of the last 20, email, saved searches), and Profile pointing to it, at
// a laptop's and a phone's size.

describe.each([
  ['a laptop', { width: 1366, height: 768 }],
  ['a phone', { width: 390, height: 844 }],
])('Settings on %s', (_, viewport) => {
  it('the account menu leads to Settings, which holds every account setting; Profile links there', async () => {
    const email = uniqueEmail(`settings-${viewport.width}`)
    await register(BASE_URL, { userType: 'student', email, firstName: 'Seth', lastName: 'Tings' })
    const browser = await launchBrowser({ viewport })
    const page = await browser.newPage()
    try {
      await signInViaUi(page, email, 'secret123')
      await page.getByRole('button', { name: /account menu/i }).click()
      const menu = page.getByRole('menu', { name: 'Account' })
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Dashboard', 'Profile', 'Settings', 'Sign out'])
      await menu.getByRole('menuitem', { name: 'Settings' }).click()
      await waitForPath(page, '/settings')
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()

      const nav = page.getByRole('navigation', { name: 'Settings sections' })
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Password', 'Devices', 'Sign-in log', 'Email notifications', 'Saved searches'])
      for (const name of ['Password', 'Devices', 'Sign-in log', 'Email notifications', 'Saved searches']) {
        await page.getByRole('region', { name }).waitFor()
      }
      await page.getByRole('form', { name: 'Change password' }).waitFor()
      await page.getByRole('region', { name: 'Devices' }).getByText('This device').waitFor()
      const log = page.getByRole('region', { name: 'Sign-in log' })
      await log.getByText(/^Your last 20 sign-ins/).waitFor()
      await log.getByRole('list', { name: 'Recent sign-ins' }).getByText('Signed in', { exact: true }).first().waitFor()

      // A section's link scrolls it into view.
      await nav.getByRole('link', { name: 'Saved searches' }).click()
      await expect.poll(() => new URL(page.url()).hash).toBe('#saved-searches')
      await expect
        .poll(() =>
          page.getByRole('heading', { name: 'Saved searches' }).evaluate((h) => {
            const box = h.getBoundingClientRect()
            return box.top >= 0 && box.bottom <= window.innerHeight
          }),
        )
        .toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

      // Profile holds the profile only, and points here for the rest.
      await page.goto('/profile')
      await page.getByRole('link', { name: 'Password, devices and email: Settings' }).click()
      await waitForPath(page, '/settings')
      expect(await page.getByRole('form', { name: 'Change password' }).count()).toBe(1)
    } catch (error) {
      await saveScreenshot(page, `settings-${viewport.width}`)
      throw error
    } finally {
      await browser.close()
    }
  })
})
