import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { seedAccount } from '@/testing/mocks/db'
import { server } from '@/testing/mocks/server'
import { createUser } from '@/testing/data-generators'
import { renderApp } from '@/testing/test-utils'

const signInHeading = () => screen.findByRole('heading', { name: 'Sign in' })
const landingHeading = () => screen.findByRole('heading', { level: 1, name: 'Connect. Learn. Grow.' })

describe('route guards', () => {
  it.each([
    '/dashboard',
    '/profile',
    '/messages',
    '/chat',
    '/chat/0193a000-0000-7000-8000-000000000001',
    '/certificates',
    '/student/dashboard',
    '/startup/dashboard',
    '/startup/post-work',
    '/startup/students/abc',
    '/startup/tasks/abc',
    '/startup/abc',
    '/admin/dashboard',
    '/admin/students/abc/profile',
    '/admin/startups/abc/tasks',
  ])('sends a signed-out visitor of %s to /login, carrying the page as next', async (url) => {
    const { router } = await renderApp(url)
    expect(await signInHeading()).toBeInTheDocument()
    expect(router.location.pathname).toBe('/login')
    expect(new URLSearchParams(router.location.search).get('next')).toBe(url)
  })

  it('carries the search and hash of the page asked for', async () => {
    const { router } = await renderApp('/startup/tasks/42?tab=submissions#sub-7')
    expect(await signInHeading()).toBeInTheDocument()
    expect(new URLSearchParams(router.location.search).get('next')).toBe('/startup/tasks/42?tab=submissions#sub-7')
  })

  it.each([
    ['student', '/startup/dashboard'],
    ['student', '/startup/submissions'],
    ['student', '/admin/dashboard'],
    ['startup', '/student/dashboard'],
    ['startup', '/admin/students/abc'],
    ['admin', '/student/dashboard'],
    ['admin', '/startup/post-work'],
    ['admin', '/chat'],
    ['admin', '/chat/abc'],
    ['admin', '/messages'],
  ] as const)('sends a %s visiting %s to /, saying why', async (userType, url) => {
    const { router } = await renderApp(url, { as: userType })
    expect(await landingHeading()).toBeInTheDocument()
    expect(router.location.pathname).toBe('/')
    expect(await screen.findByText(new RegExp(`^That page is for .+\\. You're signed in as an? ${userType}\\.$`))).toBeInTheDocument()
  })

  it.each([
    ['student', '/startup/submissions', "That page is for startups. You're signed in as a student."],
    ['startup', '/student/dashboard', "That page is for students. You're signed in as a startup."],
    ['student', '/admin/dashboard', "That page is for admins. You're signed in as a student."],
    ['admin', '/chat', "That page is for students and startups. You're signed in as an admin."],
  ] as const)('tells a %s on %s: %s', async (userType, url, message) => {
    await renderApp(url, { as: userType })
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it.each(['/no/such/page', '/startup/tasks/1/extra', '/admin'])('sends the unknown path %s to /', async (url) => {
    const { router } = await renderApp(url)
    expect(await landingHeading()).toBeInTheDocument()
    expect(router.location.pathname).toBe('/')
  })

  it.each(['/login', '/register', '/forgot-password', '/reset-password?token=x'])('sends a signed-in user visiting %s to /dashboard', async (url) => {
    const { router } = await renderApp(url, { as: 'student' })
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument()
    expect(router.location.pathname).toBe('/dashboard')
  })

  it.each([
    ['/login?next=%2Fcertificates', '/certificates'],
    ['/register?next=%2Fcertificates', '/certificates'],
    ['/login?next=%2F%2Fevil.com', '/dashboard'],
    ['/login?next=https%3A%2F%2Fevil.com', '/dashboard'],
  ])('sends a signed-in user visiting %s on to %s', async (url, path) => {
    const { router } = await renderApp(url, { as: 'student' })
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(router.location.pathname).toBe(path)
  })

  it.each([
    ['student', '/student/dashboard', 'Student dashboard'],
    ['startup', '/startup/dashboard', 'Startup dashboard'],
    ['startup', '/startup/tasks/42', 'Task details'],
    ['startup', '/startup/42', 'Startup profile'],
    ['admin', '/admin/dashboard', 'Admin dashboard'],
    ['admin', '/admin/startups/7/profile', 'Startup profile'],
    ['student', '/chat/7', 'Chat'],
    ['startup', '/messages', 'Messages'],
    ['student', '/certificates', 'Certificates'],
    ['startup', '/certificates', 'Certificates'],
    ['admin', '/profile', 'Profile'],
  ] as const)('lets a %s open %s', async (userType, url, heading) => {
    const { router } = await renderApp(url, { as: userType })
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(router.location.pathname).toBe(url)
  })

  it.each(['/', '/help', '/tasks', '/verify/BW-2025-0001'])('lets a signed-out visitor open %s', async (url) => {
    const { router } = await renderApp(url)
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(router.location.pathname).toBe(url)
  })
})

describe('/dashboard', () => {
  it.each([
    ['student', 'Student dashboard'],
    ['startup', 'Startup dashboard'],
    ['admin', 'Admin dashboard'],
  ] as const)('shows the %s dashboard by userType', async (userType, heading) => {
    const { router } = await renderApp('/dashboard', { as: userType })
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(router.location.pathname).toBe('/dashboard')
  })

  it('sends a user of any other type to /', async () => {
    // A stored record whose user has an unknown type, with no token (so no session check).
    useAuthStore.setState({ token: null, user: createUser({ userType: 'mentor' as never }) })
    const { router } = await renderApp('/dashboard')
    expect(await landingHeading()).toBeInTheDocument()
    expect(router.location.pathname).toBe('/')
  })
})

describe('session check on start', () => {
  it('shows a spinner until GET /api/me answers, then uses the fresh user', async () => {
    let release!: () => void
    const answered = new Promise<void>((resolve) => (release = resolve))
    // A token the mock API knows: the dashboard's loader sends its query with it before /api/me answers.
    const { user, token } = seedAccount({ userType: 'student', firstName: 'Old' })
    const stale = { ...user }
    server.use(
      http.get('*/api/me', async () => {
        await answered
        return HttpResponse.json({ ...stale, firstName: 'Fresh' })
      }),
    )
    useAuthStore.getState().login({ token, user: stale })

    await renderApp('/dashboard', { waitForSession: false })

    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Student dashboard' })).not.toBeInTheDocument()
    release()
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading your session' })).not.toBeInTheDocument()
    expect(useAuthStore.getState().user?.firstName).toBe('Fresh')
    expect(JSON.parse(localStorage.getItem('auth')!).user.firstName).toBe('Fresh')
  })

  it('shows the header and its navigation while GET /api/me is on its way, the spinner only where the page goes', async () => {
    let release!: () => void
    const answered = new Promise<void>((resolve) => (release = resolve))
    const { user, token } = seedAccount({ userType: 'student' })
    server.use(
      http.get('*/api/me', async () => {
        await answered
        return HttpResponse.json(user)
      }),
    )
    useAuthStore.getState().login({ token, user })

    await renderApp('/dashboard', { waitForSession: false })

    const main = screen.getByRole('main')
    expect(within(main).getByRole('status', { name: 'Loading your session' })).toBeInTheDocument()
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Bridgework' })).toHaveAttribute('href', '/')
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument()
    // Not yet the page: journeys wait for data-path to know the page is in.
    expect(main).not.toHaveAttribute('data-path')
    release()
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveAttribute('data-path', '/dashboard')
  })

  it('drops a rejected token and treats the visitor as signed out', async () => {
    useAuthStore.getState().login({ token: 'revoked', user: createUser({ userType: 'student' }) })
    const { router } = await renderApp('/dashboard')
    expect(await signInHeading()).toBeInTheDocument()
    expect(router.location.pathname).toBe('/login')
    expect(useAuthStore.getState().token).toBeNull()
    expect(localStorage.getItem('auth')).toBeNull()
  })

  it('keeps a visitor on a public page when the stored token is rejected', async () => {
    useAuthStore.getState().login({ token: 'revoked', user: createUser({ userType: 'student' }) })
    const { router } = await renderApp('/help')
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument()
    expect(router.location.pathname).toBe('/help')
    expect(useAuthStore.getState().token).toBeNull()
  })
})
