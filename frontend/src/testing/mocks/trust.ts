import { http, HttpResponse } from 'msw'
import type { AuditEntry } from '@/lib/audit'
import type { components } from '@/types/api.gen'
import { userForToken } from './db'
import { pagedJson } from './paging'

// A small stand-in for the trust API (docs/api-contract.md, "Ratings" and "Audit
// trail"): the admin's trail and its verification, a user's security events, the reviews about a
// user and a startup's answer. Tests fill `trust` and read `trust.requests` to check what the app
// sent; resetTrust runs after each test.

type Rating = components['schemas']['Rating']
type AuditReport = components['schemas']['AuditReport']

export const trust = {
  audit: [] as AuditEntry[],
  report: { intact: true, checked: 0, brokenAt: 0, reason: '', head: '' } as AuditReport,
  /** Security events by user id. */
  securityEvents: new Map<string, AuditEntry[]>(),
  /** Visible ratings, newest first. */
  ratings: [] as Rating[],
  /** Every request the app made to these routes. */
  requests: [] as Array<{ method: string; url: URL; body: unknown }>,
}

export function resetTrust() {
  trust.audit = []
  trust.report = { intact: true, checked: 0, brokenAt: 0, reason: '', head: '' }
  trust.securityEvents.clear()
  trust.ratings = []
  trust.requests = []
}

let seq = 0

/** An audit entry; `seq` counts up across a test run. */
export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  seq += 1
  return {
    seq,
    at: '2026-11-25T09:41:00Z',
    type: 'signin',
    actorId: '',
    subjectId: '',
    target: '',
    ip: '203.0.113.7',
    detail: '',
    hash: `h${seq}`.padEnd(64, '0'),
    prevHash: '',
    ...overrides,
  }
}

/** A visible rating about `rateeId`. */
export function makeRating(rateeId: string, overrides: Partial<Rating> = {}): Rating {
  seq += 1
  return {
    _id: `0193c000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    taskId: `task-${seq}`,
    taskTitle: 'Landing page',
    rateeId,
    stars: 5,
    comment: '',
    answer: '',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    editableUntil: '2026-12-04T10:00:00Z',
    visible: true,
    rater: { _id: 'rater-1', id: 'rater-1', userType: 'student', name: 'Ada Lovelace', profilePicture: '' },
    ...overrides,
  }
}

const error = (status: number, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ message, code: status === 400 ? 'invalid' : 'error', ...(fields ? { fields } : {}) }, { status })

const bearer = (request: Request) => request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null

async function record(request: Request) {
  let body: unknown
  if (request.method !== 'GET')
    body = await request
      .clone()
      .json()
      .catch(() => undefined)
  trust.requests.push({ method: request.method, url: new URL(request.url), body })
}

export const trustHandlers = [
  http.get('*/api/admin/audit/verify', async ({ request }) => {
    await record(request)
    if (userForToken(bearer(request))?.userType !== 'admin') return error(403, 'Forbidden')
    return HttpResponse.json(trust.report)
  }),

  http.get('*/api/admin/audit', async ({ request }) => {
    await record(request)
    if (userForToken(bearer(request))?.userType !== 'admin') return error(403, 'Forbidden')
    const url = new URL(request.url)
    const actor = url.searchParams.get('actor') ?? ''
    const types = url.searchParams
      .getAll('type')
      .flatMap((t) => t.split(','))
      .filter(Boolean)
    const from = url.searchParams.get('from') ?? ''
    const to = url.searchParams.get('to') ?? ''
    const entries = trust.audit.filter(
      (e) =>
        (!actor || e.actorId === actor) &&
        (types.length === 0 || types.includes(e.type)) &&
        (!from || e.at >= from) &&
        (!to || e.at.slice(0, 10) <= to),
    )
    return pagedJson(entries, request)
  }),

  http.get('*/api/me/security-events', async ({ request }) => {
    await record(request)
    const user = userForToken(bearer(request))
    if (!user) return error(401, 'Unauthorized')
    return pagedJson(trust.securityEvents.get(user._id) ?? [], request)
  }),

  http.get('*/api/users/:id/ratings', async ({ request, params }) => {
    await record(request)
    return pagedJson(
      trust.ratings.filter((r) => r.rateeId === params.id),
      request,
    )
  }),

  http.post('*/api/ratings/:id/answer', async ({ request, params }) => {
    await record(request)
    const user = userForToken(bearer(request))
    const rating = trust.ratings.find((r) => r._id === params.id)
    if (!user || !rating || rating.rateeId !== user._id) return error(404, 'Rating not found.')
    const { answer } = (await request.json()) as { answer: string }
    if (!answer?.trim()) return error(400, 'Answer is required', { answer: 'Answer is required' })
    if (rating.answer) return error(409, 'This review already has an answer.')
    Object.assign(rating, { answer: answer.trim(), answeredAt: '2026-11-26T08:00:00Z' })
    return HttpResponse.json(rating)
  }),
]
