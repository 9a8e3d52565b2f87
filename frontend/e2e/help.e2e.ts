import { describe, expect, it } from 'vitest'
import { descriptionOf, launchBrowser, saveScreenshot, usePagePerTest } from './support/browser'
import { openAs, signInAdmin } from './support/live'

const currentPage = usePagePerTest('help')

describe('help center', () => {
  it('shows an error message, then the success message', async () => {
    const page = currentPage()
    await page.goto('/help')
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor()
    const form = page.getByRole('form', { name: 'Help request' })
    const phone = form.getByLabel('Phone number', { exact: true })
    const email = form.getByLabel('Email', { exact: true })
    const submit = form.getByRole('button', { name: 'Submit' })

    await submit.click()
    await expect.poll(() => descriptionOf(phone)).toBe('Both phone number and email are required.')
    await expect.poll(() => descriptionOf(email)).toBe('Both phone number and email are required.')

    await phone.fill('12')
    await email.fill('someone@example')
    await submit.click()
    await expect.poll(() => descriptionOf(email)).toBe('Please enter a valid email address.')

    await email.fill('someone@example.com')
    await submit.click()
    await expect.poll(() => descriptionOf(phone)).toBe('Please enter a valid phone number.')

    await phone.fill('+1 (555) 010-4477')
    await submit.click()
    // The form's own fields are asked for too, beside the spec's.
    await expect.poll(() => descriptionOf(form.getByRole('combobox', { name: 'Topic' }))).toBe('Please choose what your question is about.')
    await expect.poll(() => descriptionOf(form.getByRole('textbox', { name: 'Message' }))).toBe('Please tell us what is wrong.')

    await form.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Payments' })
    await form.getByRole('textbox', { name: 'Message' }).fill('The payout for my logo is not here.')
    await submit.click()
    await form.getByRole('status').filter({ hasText: "Thank you! We'll reach out to you at the earliest." }).waitFor()
  })
})

// The topic and the message reach the admin's list of help requests, at both sizes.
describe.each([
  ['a laptop', { width: 1366, height: 768 }],
  ['a phone', { width: 390, height: 844 }],
])('a help request with a topic and a message, on %s', (_, viewport) => {
  it('is listed for the admin with both', async () => {
    const browser = await launchBrowser({ viewport })
    const page = await browser.newPage()
    try {
      const message = `Certificate name wrong, ${viewport.width}-${Date.now()}`
      await page.goto('/help')
      const form = page.getByRole('form', { name: 'Help request' })
      await form.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Certificates' })
      await form.getByRole('textbox', { name: 'Message' }).fill(message)
      await expect.poll(() => descriptionOf(form.getByRole('textbox', { name: 'Message' }))).toBe(`${message.length} of 2000 characters`)
      await form.getByLabel('Phone number', { exact: true }).fill('+1 555 010 4477')
      await form.getByLabel('Email', { exact: true }).fill('caller@example.com')
      await form.getByRole('button', { name: 'Submit' }).click()
      await form.getByRole('status').filter({ hasText: "Thank you! We'll reach out to you at the earliest." }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

      await openAs(page, await signInAdmin(), '/admin/dashboard')
      await page.getByRole('link', { name: 'Help requests' }).click()
      const row = page.getByRole('table', { name: 'Help requests' }).getByRole('row').filter({ hasText: message })
      await row.waitFor()
      expect(await row.getByText('Certificates', { exact: true }).isVisible()).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    } catch (error) {
      await saveScreenshot(page, `help-admin-${viewport.width}`)
      throw error
    } finally {
      await browser.close()
    }
  })
})

describe('on a phone', () => {
  it('the menu button opens the navigation', async () => {
    const phoneBrowser = await launchBrowser({ viewport: { width: 390, height: 844 } })
    try {
      const phonePage = await phoneBrowser.newPage()
      await phonePage.goto('/')
      expect(await phonePage.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
      await phonePage.getByRole('button', { name: 'Open menu' }).click()
      const mobileNav = phonePage.getByRole('navigation', { name: 'Mobile' })
      await mobileNav.getByRole('link', { name: 'Get Started' }).click()
      await phonePage.waitForURL((url) => url.pathname === '/register')
      await phonePage.getByRole('heading', { name: 'Create your account' }).waitFor()
    } finally {
      await phoneBrowser.close()
    }
  })
})
