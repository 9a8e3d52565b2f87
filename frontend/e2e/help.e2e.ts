import { describe, expect, it } from 'vitest'
import { descriptionOf, launchBrowser, usePagePerTest } from './support/browser'

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
    await form.getByRole('status').filter({ hasText: "Thank you! We'll reach out to you at the earliest." }).waitFor()
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
