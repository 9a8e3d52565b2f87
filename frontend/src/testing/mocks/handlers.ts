import { http, HttpResponse } from 'msw'
import type { User } from '@/types/api'
import { createUser } from '../data-generators'
import { addAccount, db, issueToken, sessionsOf, userForToken } from './db'
import { pagedJson } from './paging'

// A small stand-in for the Go API (docs/api-contract.md), enough for component tests.

const error = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ message, code, ...(fields ? { fields } : {}) }, { status })

const bearer = (request: Request) => request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null

export const DEFAULT_ADMIN_PASSWORD = 'admin-bootstrap-pass'

export const handlers = [
  http.get('*/api/me', ({ request }) => {
    const user = userForToken(bearer(request))
    return user ? HttpResponse.json(user) : error(401, 'unauthorized', 'Unauthorized')
  }),

  http.post('*/api/logout', ({ request }) => {
    const token = bearer(request)
    if (!userForToken(token)) return error(401, 'unauthorized', 'Unauthorized')
    db.tokens.delete(token!)
    return HttpResponse.json({ message: 'Signed out.' })
  }),

  http.get('*/api/sessions', ({ request }) => {
    const token = bearer(request)
    const user = userForToken(token)
    if (!user) return error(401, 'unauthorized', 'Unauthorized')
    return pagedJson(sessionsOf(user, token!), request)
  }),

  http.delete('*/api/sessions/:id', ({ request, params }) => {
    const user = userForToken(bearer(request))
    if (!user) return error(401, 'unauthorized', 'Unauthorized')
    const id = String(params.id)
    if (userForToken(id)?._id !== user._id) return error(404, 'not_found', 'Session not found.')
    db.tokens.delete(id)
    return HttpResponse.json({ message: 'Session ended.' })
  }),

  http.post('*/api/sessions/end-all', ({ request }) => {
    const user = userForToken(bearer(request))
    if (!user) return error(401, 'unauthorized', 'Unauthorized')
    for (const { _id } of sessionsOf(user, '')) db.tokens.delete(_id)
    return HttpResponse.json({ message: 'Signed out of all devices.' })
  }),

  http.post('*/api/login', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string }
    const account = db.accounts.get(body.email.toLowerCase())
    if (!account || account.password !== body.password) return error(401, 'unauthorized', 'Invalid email or password')
    return HttpResponse.json({ token: issueToken(account.user), user: account.user })
  }),

  http.post('*/api/admin/create-default-admin', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string }
    if (db.adminBootstrapped || body.password !== DEFAULT_ADMIN_PASSWORD) return error(403, 'forbidden', 'Forbidden')
    db.adminBootstrapped = true
    addAccount(createUser({ userType: 'admin', email: body.email, firstName: 'Admin', lastName: '' }), body.password)
    return HttpResponse.json({ message: 'created' }, { status: 201 })
  }),

  http.post('*/api/register', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>
    if (db.accounts.has(body.email!.toLowerCase())) {
      return error(409, 'conflict', 'An account with this email already exists', {
        email: 'An account with this email already exists',
      })
    }
    const user: User = addAccount(
      createUser({
        userType: body.userType as User['userType'],
        email: body.email!,
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        companyName: body.companyName ?? '',
        college: body.college ?? '',
      }),
      body.password,
    )
    return HttpResponse.json({ token: issueToken(user), user }, { status: 201 })
  }),

  http.post('*/api/help', async ({ request }) => {
    const body = (await request.json()) as { phone: string; email: string; topic?: string; message?: string }
    db.helpRequests.push(body)
    return HttpResponse.json({ message: "Thank you! We'll reach out to you at the earliest." }, { status: 201 })
  }),

  http.post('*/api/forgot-password', () =>
    HttpResponse.json({ message: 'If an account exists for that email, we have sent a link to reset the password.' }),
  ),

  http.post('*/api/reset-password', async ({ request }) => {
    const body = (await request.json()) as { token: string }
    if (body.token !== 'good-token') return error(400, 'invalid', 'This reset link is invalid or has expired.')
    return HttpResponse.json({ message: 'Your password has been reset.' })
  }),
]
