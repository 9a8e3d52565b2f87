import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

describe('a 401 on an authenticated call', () => {
  it('clears stored auth and the cache and navigates to /login, even from an open page', async () => {
    const { router, queryClient } = await renderApp('/tasks', { as: 'student' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument()
    queryClient.setQueryData(['tasks', 'list', {}], [{ _id: 't1' }])
    server.use(http.get('*/api/student/tasks/all', () => HttpResponse.json({ message: 'Please sign in to continue.' }, { status: 401 })))

    await act(async () => {
      await api.get('/student/tasks/all').catch(() => undefined)
    })

    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null })
    expect(localStorage.getItem('auth')).toBeNull()
    expect(queryClient.getQueryData(['tasks', 'list', {}])).toBeUndefined()
  })
})
