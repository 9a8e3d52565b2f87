import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { renderApp } from '@/testing/test-utils'

describe('sign out', () => {
  it('clears stored auth and the query cache, toasts, and goes to /login', async () => {
    const { events, router, queryClient } = await renderApp('/dashboard', { as: 'student' })
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument()
    expect(queryClient.getQueryData(['me'])).toBeDefined()
    expect(localStorage.getItem('auth')).not.toBeNull()

    await events.click(screen.getByRole('button', { name: /account menu/i }))
    await events.click(screen.getByRole('menuitem', { name: 'Sign out' }))

    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(localStorage.getItem('auth')).toBeNull()
    expect(sessionStorage.getItem('auth')).toBeNull()
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null })
    expect(queryClient.getQueryData(['me'])).toBeUndefined()
    expect(queryClient.getQueryCache().getAll().filter((query) => query.state.data !== undefined)).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument()
  })

  it('from a public page also lands on /login', async () => {
    const { events, router } = await renderApp('/tasks', { as: 'startup' })
    await events.click(screen.getByRole('button', { name: /account menu/i }))
    await events.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})
