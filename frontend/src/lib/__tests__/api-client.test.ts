import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { server } from '@/testing/mocks/server'
import { api, ApiError, errorMessage, parseLinkHeader, setUnauthorizedHandler } from '../api-client'
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
        HttpResponse.json({ message: 'An account with this email already exists', code: 'conflict', fields: { email: 'taken' } }, { status: 409 }),
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

describe('parseLinkHeader', () => {
  it('reads the URL of each paging relation', () => {
    const header =
      '</api/tasks?page=1&per_page=12&search=go>; rel="first", </api/tasks?page=2&per_page=12&search=go>; rel="prev", ' +
      '</api/tasks?page=4&per_page=12&search=go>; rel="next", </api/tasks?page=9&per_page=12&search=go>; rel="last"'
    expect(parseLinkHeader(header)).toEqual({
      first: '/api/tasks?page=1&per_page=12&search=go',
      prev: '/api/tasks?page=2&per_page=12&search=go',
      next: '/api/tasks?page=4&per_page=12&search=go',
      last: '/api/tasks?page=9&per_page=12&search=go',
    })
  })

  it('takes unquoted and several relations, any spacing and case, commas inside URLs, and leaves other relations out', () => {
    expect(parseLinkHeader('</a?page=2&skills=go%2Csql,rust>;rel=next,</b?page=1>  ;  title="x" ; REL="first last", </c>; rel="help"')).toEqual({
      next: '/a?page=2&skills=go%2Csql,rust',
      first: '/b?page=1',
      last: '/b?page=1',
    })
  })

  it('is empty without a header', () => {
    expect(parseLinkHeader(null)).toEqual({})
    expect(parseLinkHeader('')).toEqual({})
  })
})

describe('api.getPage', () => {
  it('sends page and per_page with the query, and reads the array, X-Total-Count and the links', async () => {
    let seen: URL | undefined
    server.use(
      http.get('*/api/things', ({ request }) => {
        seen = new URL(request.url)
        return HttpResponse.json([{ n: 13 }, { n: 14 }], {
          headers: {
            Link: '</api/things?page=1&per_page=12&q=x>; rel="first", </api/things?page=1&per_page=12&q=x>; rel="prev", </api/things?page=3&per_page=12&q=x>; rel="next", </api/things?page=5&per_page=12&q=x>; rel="last"',
            'X-Total-Count': '50',
          },
        })
      }),
    )
    const paged = await api.getPage<{ n: number }>('/things', { query: { q: 'x' }, page: 2, perPage: 12 })
    expect(Object.fromEntries(seen!.searchParams)).toEqual({ q: 'x', page: '2', per_page: '12' })
    expect(paged).toEqual({ items: [{ n: 13 }, { n: 14 }], page: 2, perPage: 12, total: 50, totalPages: 5, hasNext: true, hasPrev: true })
  })

  it('knows no total and no last page when the server did not count the list, and still sees the next page', async () => {
    server.use(
      http.get('*/api/things', () =>
        HttpResponse.json([1, 2], { headers: { Link: '</api/things?page=1&per_page=2>; rel="first", </api/things?page=2&per_page=2>; rel="next"' } }),
      ),
    )
    const paged = await api.getPage<number>('/things', { page: 1, perPage: 2 })
    expect(paged).toEqual({ items: [1, 2], page: 1, perPage: 2, total: undefined, totalPages: undefined, hasNext: true, hasPrev: false })
  })

  it('sends no paging it was not given, and then reads page 1 of the default size', async () => {
    let seen: URL | undefined
    server.use(
      http.get('*/api/things', ({ request }) => {
        seen = new URL(request.url)
        return HttpResponse.json([], {
          headers: { Link: '</api/things?page=1&per_page=100>; rel="first", </api/things?page=1&per_page=100>; rel="last"', 'X-Total-Count': '0' },
        })
      }),
    )
    const paged = await api.getPage('/things')
    expect(seen!.search).toBe('')
    expect(paged).toEqual({ items: [], page: 1, perPage: 100, total: 0, totalPages: 1, hasNext: false, hasPrev: false })
  })

  it('refuses an answer that is not an array, such as the envelope lists had before', async () => {
    server.use(http.get('*/api/things', () => HttpResponse.json({ items: [], page: 1, pageSize: 12, total: 0, totalPages: 0 })))
    await expect(api.getPage('/things')).rejects.toMatchObject({ code: 'bad_response', message: 'Unexpected response from the server.' })
  })

  it('turns a refused page into the ApiError with its field', async () => {
    const message = 'per_page must be between 1 and 100'
    server.use(
      http.get('*/api/things', () => HttpResponse.json({ error: message, message, code: 'invalid', fields: { per_page: message } }, { status: 400 })),
    )
    await expect(api.getPage('/things', { perPage: 500 })).rejects.toMatchObject({ status: 400, code: 'invalid', fields: { per_page: message } })
  })
})
