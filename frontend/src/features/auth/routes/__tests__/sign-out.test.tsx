import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { createUser } from '@/testing/data-generators'
import { issueToken, userForToken } from '@/testing/mocks/db'
import { closeSocketsOf, isConnected } from '@/testing/mocks/realtime'
import { renderApp } from '@/testing/test-utils'

describe('sign out', () => {
  it('clears stored auth and the query cache, toasts, and goes to /login', async () => {
    const { events, router, queryClient } = await renderApp('/dashboard', { as: 'student' })
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument()
    const token = useAuthStore.getState().token
    expect(queryClient.getQueryData(['me'])).toBeDefined()
    expect(localStorage.getItem('auth')).not.toBeNull()

    await events.click(screen.getByRole('button', { name: /account menu/i }))
    await events.click(screen.getByRole('menuitem', { name: 'Sign out' }))

    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument()
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(localStorage.getItem('auth')).toBeNull()
    expect(sessionStorage.getItem('auth')).toBeNull()
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null })
    expect(queryClient.getQueryData(['me'])).toBeUndefined()
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument()
    // The server ended the session too: a copy of the token no longer works.
    await waitFor(() => expect(userForToken(token)).toBeNull())
  })

  it('from a public page also lands on /login', async () => {
    const { events, router } = await renderApp('/tasks', { as: 'startup' })
    await events.click(screen.getByRole('button', { name: /account menu/i }))
    await events.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
  })

  it("signs another device out from Settings' Devices", async () => {
    const user = createUser({ userType: 'startup' })
    const phone = issueToken(user, 'Safari on iPhone')
    const { events } = await renderApp('/settings', { as: user })
    const devices = await screen.findByRole('region', { name: 'Devices' })
    expect(await within(devices).findByText('Safari on iPhone')).toBeInTheDocument()
    expect(within(devices).getByText('This device')).toBeInTheDocument()

    await events.click(within(devices).getByRole('button', { name: /Sign out Safari on iPhone/ }))
    expect(await screen.findByText('Signed out Safari on iPhone.')).toBeInTheDocument()
    expect(userForToken(phone)).toBeNull()
    await waitFor(() => expect(within(devices).queryByText('Safari on iPhone')).not.toBeInTheDocument())
    expect(useAuthStore.getState().token).not.toBeNull()
  })

  it('Sign out everywhere on Settings ends every session and goes to /login', async () => {
    const user = createUser({ userType: 'student' })
    const phone = issueToken(user, 'Firefox on Android')
    const { events, router } = await renderApp('/settings', { as: user })
    const mine = useAuthStore.getState().token
    const devices = await screen.findByRole('region', { name: 'Devices' })
    await events.click(within(devices).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await screen.findByText('Signed out of all devices.')).toBeInTheDocument()
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(userForToken(phone)).toBeNull()
    expect(userForToken(mine)).toBeNull()
    expect(useAuthStore.getState().token).toBeNull()
  })

  it('a session ended elsewhere (close code 4001) signs this tab out with a message', async () => {
    const { router, user } = await renderApp('/dashboard', { as: 'student' })
    await waitFor(() => expect(isConnected(user!._id)).toBe(true))
    act(() => closeSocketsOf(user!._id, 4001, 'session ended'))
    expect(await screen.findByText(/You were signed out of this device/)).toBeInTheDocument()
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(useAuthStore.getState().token).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 1200)) // past the first reconnect delay
    expect(isConnected(user!._id)).toBe(false)
  })
})
