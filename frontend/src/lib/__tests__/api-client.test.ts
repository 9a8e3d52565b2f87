import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { server } from '@/testing/mocks/server'
import { api, ApiError, errorMessage, setUnauthorizedHandler } from '../api-client'
import { useAuthStore } from '../auth-store'

describe('api client', () => {
  it('sends JSON to /api with the bearer token and no cookies', async () => {
    let seen: Request | undefined
    server.use(
      http.post('*/api/echo', async ({ request }) => {
        seen = request.clone()
        return HttpResponse.json({ ok: true })
      }),
    )
    useAuthStore.getState().login({ token: 'abc', user: createUser() })
    await expect(api.post('/echo', { a: 1 })).resolves.toEqual({ ok: true })
    expect(new URL(seen!.url).pathname).toBe('/api/echo')
    expect(seen!.headers.get('Authorization')).toBe('Bearer abc')
    expect(seen!.headers.get('Content-Type')).toBe('application/json')
    // Same-origin cookies: the sign-in's bw_device cookie must come back to /api/login.
    expect(seen!.credentials).toBe('same-origin')
    expect(await seen!.json()).toEqual({ a: 1 })
  })

  it('sends no Authorization header without a token', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get('*/api/echo', ({ request }) => {
        auth = request.headers.get('Authorization')
        return HttpResponse.json([])
      }),
    )
    await api.get('/echo', { query: { role: 'student', skills: ['go', 'sql'], empty: '' } })
    expect(auth).toBeNull()
  })

  it('turns the error shape into one ApiError', async () => {
    server.use(
      http.post('*/api/echo', () =>
        HttpResponse.json(
          { message: 'An account with this email already exists', code: 'conflict', fields: { email: 'taken' } },
          { status: 409 },
        ),
      ),
    )
    const error = await api.post('/echo', {}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'An account with this email already exists',
      fields: { email: 'taken' },
      hasServerMessage: true,
    })
    expect(errorMessage(error, 'Registration failed')).toBe('An account with this email already exists')
  })

  it('falls back to the caller text when the server sent no message', async () => {
    server.use(http.get('*/api/echo', () => new HttpResponse('<html>bad gateway</html>', { status: 502 })))
    const error = await api.get('/echo').catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 502, code: 'internal', hasServerMessage: false })
    expect(errorMessage(error, 'Login failed')).toBe('Login failed')

    server.use(http.get('*/api/echo', () => HttpResponse.error()))
    const network = await api.get('/echo').catch((caught: unknown) => caught)
    expect(network).toMatchObject({ status: 0, code: 'network' })
    expect(errorMessage(network, 'Login failed')).toBe('Login failed')
  })

  it('on a 401 of an authenticated call clears stored auth and calls the unauthorized handler', async () => {
    const onUnauthorized = vi.fn()
    const unregister = setUnauthorizedHandler(onUnauthorized)
    server.use(http.get('*/api/echo', () => HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 })))
    useAuthStore.getState().login({ token: 'expired', user: createUser() })

    await expect(api.get('/echo')).rejects.toMatchObject({ status: 401 })
    expect(useAuthStore.getState().token).toBeNull()
    expect(useAuthStore.getState().user).toBeNull()
    expect(localStorage.getItem('auth')).toBeNull()
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    unregister()
  })

  it('leaves the session alone on a 401 without a token (wrong credentials)', async () => {
    const onUnauthorized = vi.fn()
    const unregister = setUnauthorizedHandler(onUnauthorized)
    server.use(http.post('*/api/echo', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })))
    await expect(api.post('/echo', {})).rejects.toMatchObject({ message: 'Invalid email or password' })
    expect(onUnauthorized).not.toHaveBeenCalled()
    unregister()
  })
})
