import { describe, expect, it } from 'vitest'
import { registerViaApi, uniqueEmail } from './support/api'
import { descriptionOf, pathOf, waitForPath, usePagePerTest } from './support/browser'
import { signInViaUi, signOutViaUi } from './support/session'

const currentPage = usePagePerTest('auth')

const field = (label: string) => currentPage().getByLabel(label, { exact: true })

describe('accounts', () => {
  it('a new student registers through the UI and lands on /dashboard', async () => {
    const page = currentPage()
    const email = uniqueEmail('student')
    await page.goto('/register')
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
    expect(await page.getByRole('radio', { name: 'Student' }).isChecked()).toBe(true)

    await field('First name').fill('Ada')
    await field('Last name').fill('Lovelace')
    await field('College').fill('Analytical College')
    await field('Email').fill(email)
    await field('Password').fill('secret123')
    await field('Confirm password').fill('secret123')
    await page.getByRole('button', { name: 'Create account' }).click()

    await waitForPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Student dashboard' }).waitFor()
    await page.getByText('Registration successful!').waitFor()
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'))
    expect(stored).toMatchObject({ token: expect.any(String), user: { email, userType: 'student', firstName: 'Ada' } })

    // The session survives a reload (GET /api/me accepts the token).
    await page.reload()
    await page.getByRole('heading', { name: 'Student dashboard' }).waitFor()
    expect(pathOf(page)).toBe('/dashboard')
  })

  it('a signed-out visit to /dashboard lands on /login', async () => {
    const page = currentPage()
    await page.goto('/dashboard')
    await waitForPath(page, '/login')
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  })

  it('an unknown path lands on / and says the page was not found', async () => {
    const page = currentPage()
    await page.goto('/definitely/not/a/page')
    await waitForPath(page, '/')
    await page.getByRole('heading', { level: 1, name: 'Connect. Learn. Grow.' }).waitFor()
    await page.getByText('Page not found').waitFor()
    await page.getByText('There is no page at /definitely/not/a/page.').waitFor()
  })

  it('bad login input shows the spec messages beside the inputs', async () => {
    const page = currentPage()
    await page.goto('/login')
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true })
    await signIn.click()
    await expect.poll(() => descriptionOf(field('Email'))).toBe('Email is required')
    await expect.poll(() => descriptionOf(field('Password'))).toBe('Password is required')

    await field('Email').fill('not-an-email')
    await field('Password').fill('12345')
    await signIn.click()
    await expect.poll(() => descriptionOf(field('Email'))).toBe('Invalid email address')
    await expect.poll(() => descriptionOf(field('Password'))).toBe('Password must be at least 6 characters')
    expect(pathOf(page)).toBe('/login')
  })

  it('wrong credentials show the server message', async () => {
    const page = currentPage()
    await page.goto('/login')
    await field('Email').fill(uniqueEmail('nobody'))
    await field('Password').fill('secret123')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('Invalid email or password').waitFor()
    expect(pathOf(page)).toBe('/login')
  })

  it('signs in, then signs out to /login', async () => {
    const page = currentPage()
    const email = uniqueEmail('signout')
    await registerViaApi({ userType: 'startup', email, password: 'secret123', companyName: 'Exit Labs' })

    await signInViaUi(page, email, 'secret123', { remember: true })
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'))).toMatchObject({ user: { email } })
    await page.getByRole('heading', { name: 'Startup dashboard' }).waitFor()

    // A startup's avatar shows its company's initial.
    expect(await page.getByRole('button', { name: /account menu/i }).textContent()).toContain('E')
    await signOutViaUi(page)
    await page.getByText('Logged out successfully!').waitFor()
    expect(await page.evaluate(() => [localStorage.getItem('auth'), sessionStorage.getItem('auth')])).toEqual([null, null])

    // Signed out for real: guarded pages send us back.
    await page.goto('/dashboard')
    await waitForPath(page, '/login')
  })
})
