import { http, HttpResponse } from 'msw'
import type { NotificationSettings } from '@/features/settings/api/types'
import type { SavedSearch } from '@/lib/tasks/saved-search'
import { userForToken } from './db'

// A small stand-in for saved searches (docs/api-contract.md, "Saved searches and finding your
// way in chat"), the email notification settings and the unsubscribe link (docs/api-contract.md,
// "Email notifications"). Tests read `settingsMock` to check what the app sent.

const DEFAULT_FREQUENCY = 'hourly'
const FREQUENCIES = ['immediate', 'hourly', 'daily', 'off']
const MAX_SAVED_SEARCHES = 20

/** The token the mock accepts on /api/unsubscribe, and what it turns off. */
export const VALID_UNSUBSCRIBE_TOKEN = 'good-unsubscribe-token'

export const settingsMock = {
  /** Per student id, newest first. */
  savedSearches: new Map<string, SavedSearch[]>(),
  /** Per user id; a user with none gets the defaults. */
  notificationSettings: new Map<string, NotificationSettings>(),
  /** Every request to these routes, with its JSON body. */
  requests: [] as Array<{ method: string; url: URL; body: unknown }>,
}

export function resetSettingsMock() {
  settingsMock.savedSearches.clear()
  settingsMock.notificationSettings.clear()
  settingsMock.requests = []
}

let seq = 0

/** A saved search of studentId, as GET lists it (added at the front: newest first). */
export function addSavedSearch(studentId: string, overrides: Partial<SavedSearch> = {}): SavedSearch {
  seq += 1
  const saved: SavedSearch = {
    _id: `0193e000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    name: `Search ${seq}`,
    search: '',
    category: '',
    skills: [],
    deadlineBefore: '',
    source: '',
    paid: false,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, seq)).toISOString(),
    ...overrides,
  }
  settingsMock.savedSearches.set(studentId, [saved, ...(settingsMock.savedSearches.get(studentId) ?? [])])
  return saved
}

const error = (status: number, message: string, fields?: Record<string, string>) =>
  HttpResponse.json(
    {
      error: message,
      message,
      code: { 400: 'invalid', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' }[status] ?? 'error',
      ...(fields ? { fields } : {}),
    },
    { status },
  )

const caller = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)

async function record(request: Request) {
  let body: unknown
  try {
    body = await request.clone().json()
  } catch {
    body = undefined
  }
  settingsMock.requests.push({ method: request.method, url: new URL(request.url), body })
}

function savedSearchFieldErrors(body: Partial<SavedSearch>): Record<string, string> {
  const fields: Record<string, string> = {}
  const name = (body.name ?? '').trim()
  if (!name) fields.name = 'Name is required'
  else if ([...name].length > 80) fields.name = 'Name must be at most 80 characters'
  if ((body.search ?? '').length > 200) fields.search = 'Search must be at most 200 characters'
  if (body.deadlineBefore && !/^\d{4}-\d{2}-\d{2}$/.test(body.deadlineBefore)) fields.deadlineBefore = 'deadlineBefore must be a date'
  if (body.source && body.source !== 'startup' && body.source !== 'non-startup') fields.source = 'Source must be startup or non-startup'
  return fields
}

export const settingsHandlers = [
  http.get('*/api/student/saved-searches', async ({ request }) => {
    await record(request)
    const me = caller(request)
    if (!me) return error(401, 'Unauthorized')
    if (me.userType !== 'student') return error(403, 'Forbidden')
    return HttpResponse.json(settingsMock.savedSearches.get(me._id) ?? [])
  }),

  http.post('*/api/student/saved-searches', async ({ request }) => {
    await record(request)
    const me = caller(request)
    if (!me) return error(401, 'Unauthorized')
    if (me.userType !== 'student') return error(403, 'Forbidden')
    const body = (await request.json()) as Partial<SavedSearch>
    const fields = savedSearchFieldErrors(body)
    const first = Object.values(fields)[0]
    if (first) return error(400, first, fields)
    if ((settingsMock.savedSearches.get(me._id) ?? []).length >= MAX_SAVED_SEARCHES) return error(409, 'You can keep at most 20 saved searches.')
    const saved = addSavedSearch(me._id, {
      name: body.name!.trim(),
      search: body.search?.trim() ?? '',
      category: body.category ?? '',
      skills: body.skills ?? [],
      deadlineBefore: body.deadlineBefore ?? '',
      source: body.source ?? '',
      paid: body.paid ?? false,
      createdAt: new Date().toISOString(),
    })
    return HttpResponse.json(saved, { status: 201 })
  }),

  http.delete('*/api/student/saved-searches/:id', async ({ request, params }) => {
    await record(request)
    const me = caller(request)
    if (!me) return error(401, 'Unauthorized')
    const list = settingsMock.savedSearches.get(me._id) ?? []
    if (!list.some((saved) => saved._id === params.id)) return error(404, 'Saved search not found.')
    settingsMock.savedSearches.set(
      me._id,
      list.filter((saved) => saved._id !== params.id),
    )
    return HttpResponse.json({ message: 'Saved search deleted.' })
  }),

  http.get('*/api/me/notification-settings', async ({ request }) => {
    await record(request)
    const me = caller(request)
    if (!me) return error(401, 'Unauthorized')
    return HttpResponse.json(
      settingsMock.notificationSettings.get(me._id) ?? {
        messages: DEFAULT_FREQUENCY,
        submissions: DEFAULT_FREQUENCY,
        payments: DEFAULT_FREQUENCY,
        invitations: DEFAULT_FREQUENCY,
        taskAlerts: DEFAULT_FREQUENCY,
      },
    )
  }),

  http.put('*/api/me/notification-settings', async ({ request }) => {
    await record(request)
    const me = caller(request)
    if (!me) return error(401, 'Unauthorized')
    const body = (await request.json()) as Record<string, unknown>
    const fields: Record<string, string> = {}
    for (const key of ['messages', 'submissions', 'payments', 'taskAlerts']) {
      if (!FREQUENCIES.includes(String(body[key]))) fields[key] = 'Choose immediate, hourly, daily or off'
    }
    // The server keeps the saved invitations mode when a PUT leaves it out.
    if (body.invitations !== undefined && !FREQUENCIES.includes(String(body.invitations))) {
      fields.invitations = 'Choose immediate, hourly, daily or off'
    }
    if (Object.keys(fields).length > 0) return error(400, 'Choose immediate, hourly, daily or off', fields)
    const saved = {
      messages: body.messages,
      submissions: body.submissions,
      payments: body.payments,
      invitations: body.invitations ?? settingsMock.notificationSettings.get(me._id)?.invitations ?? DEFAULT_FREQUENCY,
      taskAlerts: body.taskAlerts,
    } as NotificationSettings
    settingsMock.notificationSettings.set(me._id, saved)
    return HttpResponse.json(saved)
  }),

  http.post('*/api/unsubscribe', async ({ request }) => {
    await record(request)
    const token = new URL(request.url).searchParams.get('token')
    if (token !== VALID_UNSUBSCRIBE_TOKEN) return HttpResponse.json({ error: 'This unsubscribe link is not valid.' }, { status: 400 })
    return HttpResponse.json({ unsubscribed: 'taskAlerts' })
  }),
]
