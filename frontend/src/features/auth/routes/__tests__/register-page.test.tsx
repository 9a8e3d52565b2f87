import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { db, seedAccount } from '@/testing/mocks/db'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

describe('/register', () => {
  it('registers a student: toast, stored session, /dashboard', async () => {
    let body: Record<string, unknown> = {}
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === '/api/register') body = await request.clone().json()
    })
    const { events, router } = await renderApp('/register')
    await events.type(screen.getByLabelText(/^First name/), 'Ada')
    await events.type(screen.getByLabelText(/^Last name/), 'Lovelace')
    await events.type(screen.getByLabelText(/^Email/), 'ada@example.com')
    await events.type(screen.getByLabelText(/^Password/), 'secret1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'secret1')
    await events.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Registration successful!')).toBeInTheDocument()
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'))
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument()
    expect(body).toEqual({
      userType: 'student',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    })
    expect(JSON.parse(localStorage.getItem('auth')!)).toMatchObject({ user: { email: 'ada@example.com', userType: 'student' } })
    expect(db.accounts.has('ada@example.com')).toBe(true)
  })

  it('goes to the page next names after registering, and keeps next on the link to sign in', async () => {
    const { events, router } = await renderApp('/register?type=startup&next=%2Fstartup%2Fsubmissions')
    const signIn = within(await screen.findByText(/Already have an account/)).getByRole('link', { name: 'Sign in' })
    expect(signIn).toHaveAttribute('href', '/login?next=%2Fstartup%2Fsubmissions')
    await events.type(screen.getByLabelText(/^Company name/), 'Acme Labs')
    await events.type(screen.getByLabelText(/^Email/), 'team@acme.io')
    await events.type(screen.getByLabelText(/^Password/), 'secret1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'secret1')
    await events.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(router.location.pathname).toBe('/startup/submissions'))
  })

  it('preselects Startup when the link says so (Join as Startup), Student otherwise', async () => {
    await renderApp('/register?type=startup')
    expect(await screen.findByRole('radio', { name: 'Startup' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Student' })).not.toBeChecked()
    expect(screen.getByLabelText(/^Company name/)).toBeInTheDocument()
  })

  it('registers a startup with only the company fields', async () => {
    const { events, router } = await renderApp('/register')
    await events.click(screen.getByRole('radio', { name: 'Startup' }))
    await events.type(screen.getByLabelText(/^Company name/), 'Acme Labs')
    await events.type(screen.getByLabelText(/^Email/), 'team@acme.io')
    await events.type(screen.getByLabelText(/^Password/), 'secret1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'secret1')
    await events.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'))
    expect(await screen.findByRole('heading', { name: 'Startup dashboard' })).toBeInTheDocument()
    expect(useAuthStore.getState().user).toMatchObject({ userType: 'startup', companyName: 'Acme Labs' })
  })

  it('a taken email: said once, on the email input, with sign-in and reset links', async () => {
    seedAccount({ email: 'taken@example.com' })
    useAuthStore.getState().logout()
    const { events, router } = await renderApp('/register')
    await events.type(screen.getByLabelText(/^First name/), 'Ada')
    await events.type(screen.getByLabelText(/^Last name/), 'Lovelace')
    await events.type(screen.getByLabelText(/^Email/), 'taken@example.com')
    await events.type(screen.getByLabelText(/^Password/), 'secret1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'secret1')
    await events.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('An account with this email already exists'))
    expect(screen.getAllByText('An account with this email already exists')).toHaveLength(1)
    expect(router.location.pathname).toBe('/register')
    expect(useAuthStore.getState().token).toBeNull()
    const hint = screen.getByText(/Is it yours\?/)
    expect(within(hint).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    await events.click(within(hint).getByRole('link', { name: 'reset your password' }))
    expect(router.location.pathname).toBe('/forgot-password')
  })

  it('shows "Registration failed" when the server gives no message', async () => {
    server.use(http.post('*/api/register', () => HttpResponse.json({}, { status: 500 })))
    const { events } = await renderApp('/register')
    await events.click(screen.getByRole('radio', { name: 'Startup' }))
    await events.type(screen.getByLabelText(/^Company name/), 'Acme Labs')
    await events.type(screen.getByLabelText(/^Email/), 'team@acme.io')
    await events.type(screen.getByLabelText(/^Password/), 'secret1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'secret1')
    await events.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Registration failed')).toBeInTheDocument()
  })
})
