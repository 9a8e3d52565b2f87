import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { seedAccount } from '@/testing/mocks/db'
import { DEFAULT_ADMIN_PASSWORD } from '@/testing/mocks/handlers'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

async function fillLogin(events: Awaited<ReturnType<typeof renderApp>>['events'], email: string, password: string) {
  await events.type(screen.getByLabelText(/^Email/), email)
  await events.type(screen.getByLabelText(/^Password/), password)
}

/** Counts calls to one endpoint while letting the default handler answer. */
function countCalls(method: 'get' | 'post', path: string) {
  const calls = { count: 0 }
  server.events.on('request:start', ({ request }) => {
    if (request.method === method.toUpperCase() && new URL(request.url).pathname === path) calls.count += 1
  })
  return calls
}

describe('/login', () => {
  it('signs in: toast, then /dashboard after a second; not remembered → sessionStorage', async () => {
    const { user } = seedAccount({ userType: 'student', email: 'ada@example.com' }, 'secret123')
    useAuthStore.getState().logout()
    const { events, router } = await renderApp('/login')

    await fillLogin(events, 'ada@example.com', 'secret123')
    await events.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByText('Login successful!')).toBeInTheDocument()
    expect(router.location.pathname).toBe('/login')
    expect(screen.getByRole('button', { name: /Signing in/ })).toBeDisabled()

    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'), { timeout: 3000 })
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument()
    expect(JSON.parse(sessionStorage.getItem('auth')!)).toMatchObject({ user: { _id: user._id } })
    expect(JSON.parse(sessionStorage.getItem('auth')!).token).toEqual(expect.any(String))
    expect(localStorage.getItem('auth')).toBeNull()
  })

  it('remember me keeps the session in localStorage', async () => {
    seedAccount({ userType: 'startup', email: 'team@acme.io' }, 'secret123')
    const { events, router } = await renderApp('/login')
    await fillLogin(events, 'team@acme.io', 'secret123')
    await events.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'), { timeout: 3000 })
    expect(await screen.findByRole('heading', { name: 'Startup dashboard' })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('auth')!).user.email).toBe('team@acme.io')
    expect(sessionStorage.getItem('auth')).toBeNull()
  })

  it('shows the server message when signing in fails', async () => {
    seedAccount({ email: 'ada@example.com' }, 'secret123')
    const { events, router } = await renderApp('/login')
    await fillLogin(events, 'ada@example.com', 'wrong-password')
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument()
    expect(router.location.pathname).toBe('/login')
    expect(useAuthStore.getState().token).toBeNull()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it('shows "Login failed" when the server gives no message', async () => {
    server.use(http.post('*/api/login', () => new HttpResponse(null, { status: 502 })))
    const { events } = await renderApp('/login')
    await fillLogin(events, 'ada@example.com', 'secret123')
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Login failed')).toBeInTheDocument()
  })

  it('default admin: creates it and retries once after a failed login', async () => {
    const creates = countCalls('post', '/api/admin/create-default-admin')
    const logins = countCalls('post', '/api/login')
    const { events, router } = await renderApp('/login')
    await fillLogin(events, 'admin@bridgework.local', DEFAULT_ADMIN_PASSWORD)
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Login successful!')).toBeInTheDocument()
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'), { timeout: 3000 })
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument()
    expect(creates.count).toBe(1)
    expect(logins.count).toBe(2)
  })

  it('default admin: a refused creation is ignored and the retry error is shown', async () => {
    const creates = countCalls('post', '/api/admin/create-default-admin')
    const logins = countCalls('post', '/api/login')
    const { events } = await renderApp('/login')
    await fillLogin(events, 'admin@bridgework.local', 'not-the-bootstrap-pass')
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument()
    expect(creates.count).toBe(1)
    expect(logins.count).toBe(2)
  })

  it('any other email: no admin creation and no retry', async () => {
    const creates = countCalls('post', '/api/admin/create-default-admin')
    const logins = countCalls('post', '/api/login')
    const { events } = await renderApp('/login')
    await fillLogin(events, 'admin@bridgework.com', 'whatever1')
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument()
    expect(creates.count).toBe(0)
    expect(logins.count).toBe(1)
  })

  it('goes to the page next names after signing in, and keeps next on the way to register and reset', async () => {
    seedAccount({ userType: 'startup', email: 'team@acme.io' }, 'secret123')
    const { events, router } = await renderApp('/login?next=%2Fcertificates')
    expect(await screen.findByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register?next=%2Fcertificates')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?next=%2Fcertificates')
    await fillLogin(events, 'team@acme.io', 'secret123')
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.location.pathname).toBe('/certificates'), { timeout: 3000 })
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificates' })).toBeInTheDocument()
  })

  it.each(['%2F%2Fevil.com', 'https%3A%2F%2Fevil.com', '%2F%5Cevil.com', 'javascript%3Aalert(1)'])(
    'goes to /dashboard, not to next=%s',
    async (next) => {
      seedAccount({ userType: 'student', email: 'ada@example.com' }, 'secret123')
      const { events, router } = await renderApp(`/login?next=${next}`)
      expect(await screen.findByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register')
      await fillLogin(events, 'ada@example.com', 'secret123')
      await events.click(screen.getByRole('button', { name: 'Sign in' }))
      await waitFor(() => expect(router.location.pathname).toBe('/dashboard'), { timeout: 3000 })
    },
  )
})
