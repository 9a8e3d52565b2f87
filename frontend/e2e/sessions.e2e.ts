import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, saveScreenshot, waitForPath, type Browser } from './support/browser'
import { chatPanel, studentAndStartup, waitForLive, type Account } from './support/live'
import { signInViaUi } from './support/session'

// Sessions (docs/security.md, "Sessions and revocation"), in two browsers: a student signed in on a
// laptop and on a phone, the phone in a live chat. Signing the phone out from the laptop's Settings
// (reached from the account menu) ends the phone's chat: its socket is closed by the server and the
// page goes to /login saying why.

describe('sessions across devices', () => {
  let laptop: Browser
  let phone: Browser
  let student: Account
  let startup: Account

  beforeAll(async () => {
    ;({ student, startup } = await studentAndStartup('sessions'))
    laptop = await launchBrowser()
    phone = await launchBrowser({ viewport: { width: 390, height: 844 } })
  })
  afterAll(async () => {
    await Promise.all([laptop?.close(), phone?.close()])
  })

  it('signing out a device from another one ends its chat and sends it to /login', async () => {
    const laptopPage = await laptop.newPage()
    const phonePage = await phone.newPage()
    try {
      await signInViaUi(phonePage, student.user.email, 'secret123')
      await phonePage.goto(`/chat/${startup.user._id}`)
      await chatPanel(phonePage).getByRole('textbox', { name: 'Message' }).waitFor()
      await waitForLive(phonePage)

      await signInViaUi(laptopPage, student.user.email, 'secret123')
      await laptopPage.getByRole('button', { name: /account menu/i }).click()
      await laptopPage.getByRole('menuitem', { name: 'Settings' }).click()
      await waitForPath(laptopPage, '/settings')
      const devices = laptopPage.getByRole('region', { name: 'Devices' })
      await devices.getByText('This device').waitFor()
      const signOutPhone = devices.getByRole('button', { name: /^Sign out Chrome/ })
      expect(await signOutPhone.count()).toBe(1)

      const start = Date.now()
      await signOutPhone.click()
      await laptopPage.getByText(/^Signed out Chrome/).waitFor()
      await waitForPath(phonePage, '/login', 5_000)
      const tookMs = Date.now() - start
      await phonePage.getByText('You were signed out of this device. Sign in again to continue.').waitFor()
      expect(await phonePage.evaluate(() => localStorage.getItem('auth') ?? sessionStorage.getItem('auth'))).toBeNull()
      console.info(`sign-out from the laptop to the phone on /login: ${tookMs} ms`)

      // The laptop is still signed in; "Sign out everywhere" ends it too.
      await laptopPage.reload()
      await laptopPage.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
      await laptopPage.getByRole('region', { name: 'Devices' }).getByRole('button', { name: 'Sign out everywhere' }).click()
      await waitForPath(laptopPage, '/login')
      await laptopPage.getByText('Signed out of all devices.').waitFor()
    } catch (error) {
      await saveScreenshot(laptopPage, 'sessions-laptop')
      await saveScreenshot(phonePage, 'sessions-phone')
      throw error
    }
  })
})
