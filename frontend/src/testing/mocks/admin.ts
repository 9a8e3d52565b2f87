import { http, HttpResponse } from 'msw'
import type { components } from '@/types/api.gen'
import { userForToken } from './db'

// Default answers for the admin dashboard's figures (docs/api-contract.md, "Admin"): empty
// totals and twelve weeks of made-up activity. A test that checks figures overrides them with
// server.use, e.g. with makeActivity({...}).

type AdminActivity = components['schemas']['AdminActivity']

/** Twelve weeks from Monday 2026-09-07, the last one (2026-11-23) this week. */
export function makeActivity(overrides: Partial<AdminActivity> = {}): AdminActivity {
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const week = new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10)
    return { week, signups: i, submissions: 2 * i, certificates: i % 3 }
  })
  const last = weeks[weeks.length - 1]
  return {
    submissionsByStatus: { pending: 4, 'under-review': 1, changes_requested: 0, approved: 7, rejected: 2, closed: 0 },
    weeks,
    thisWeek: { ...last, openTasks: 9 },
    ...overrides,
  }
}

const forbidden = () => HttpResponse.json({ error: 'Forbidden', message: 'Forbidden', code: 'forbidden' }, { status: 403 })

const isAdmin = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null)?.userType === 'admin'

export const adminHandlers = [
  http.get('*/api/admin/stats', ({ request }) => (isAdmin(request) ? HttpResponse.json({ students: 0, startups: 0, tasks: 0 }) : forbidden())),
  http.get('*/api/admin/activity', ({ request }) => (isAdmin(request) ? HttpResponse.json(makeActivity()) : forbidden())),
]
