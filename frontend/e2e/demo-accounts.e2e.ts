import { describe, expect, it } from 'vitest'
import { usePagePerTest } from './support/browser'
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_STUDENT } from './support/env'
import { signInViaUi, signOutViaUi } from './support/session'

// The server under test is started by ./scripts/run.sh (scripts/test.sh does so), which loads
// the demo accounts and creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD.
const currentPage = usePagePerTest('demo')

describe('accounts that ./scripts/run.sh provides', () => {
  it('the landing page, then the demo student signs in and out', async () => {
    const page = currentPage()
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: 'Connect. Learn. Grow.' }).waitFor()
    await page.getByRole('link', { name: 'Sign in' }).first().click()

    await signInViaUi(page, DEMO_STUDENT.email, DEMO_STUDENT.password)
    // The demo student is Asha Verma: her initial is on the account menu.
    expect(await page.getByRole('button', { name: /account menu/i }).textContent()).toContain('A')
    await signOutViaUi(page)
  })

  it('the admin created from the environment signs in to the admin dashboard', async () => {
    const page = currentPage()
    expect(ADMIN_PASSWORD, 'E2E_ADMIN_PASSWORD must be set').not.toBe('')
    await signInViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.getByRole('heading', { name: /admin/i }).first().waitFor()
    // The admin has no marketplace or chat links in the navigation.
    const nav = page.getByRole('navigation').first()
    for (const hidden of ['Tasks', 'Chat', 'Messages']) {
      expect(await nav.getByRole('link', { name: hidden, exact: true }).count()).toBe(0)
    }
  })
})
