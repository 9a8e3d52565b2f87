import { http, HttpResponse } from 'msw'
import type { components } from '@/types/api.gen'
import { userForToken } from './db'
import { market } from './marketplace'
import { pagedJson } from './paging'

// A small stand-in for giving and changing ratings (docs/api-contract.md, "Ratings"):
// POST /api/ratings, PUT /api/ratings/{id} and the caller's own GET /api/me/ratings, checked
// against the marketplace mock's approved submissions. Ratings are kept by their author's id.

type Rating = components['schemas']['Rating']

export const givenRatings = new Map<string, Rating[]>()

let seq = 0

const error = (status: number, message: string, fields?: Record<string, string>) =>
  HttpResponse.json(
    { message, code: status === 400 ? 'invalid' : status === 409 ? 'conflict' : 'not_found', ...(fields ? { fields } : {}) },
    { status },
  )

const caller = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)

/** A rating the user of `raterId` gave, as GET /api/me/ratings lists it. */
export function addGivenRating(raterId: string, overrides: Partial<Rating> & Pick<Rating, 'taskId' | 'rateeId'>): Rating {
  seq += 1
  const rating: Rating = {
    _id: `0193d000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    taskTitle: 'Task',
    stars: 4,
    comment: '',
    answer: '',
    createdAt: '2029-12-05T10:00:00Z',
    updatedAt: '2029-12-05T10:00:00Z',
    editableUntil: '2099-12-19T10:00:00Z',
    visible: false,
    ...overrides,
  }
  givenRatings.set(raterId, [rating, ...(givenRatings.get(raterId) ?? [])])
  return rating
}

function checkValues(body: { stars?: unknown; comment?: string }) {
  if (typeof body.stars !== 'number' || !Number.isInteger(body.stars) || body.stars < 1 || body.stars > 5) {
    return error(400, 'Stars must be a whole number from 1 to 5', { stars: 'Stars must be a whole number from 1 to 5' })
  }
  if ((body.comment ?? '').length > 1000)
    return error(400, 'Comment must be at most 1000 characters', { comment: 'Comment must be at most 1000 characters' })
  return null
}

export const givenRatingHandlers = [
  http.get('*/api/me/ratings', ({ request }) => {
    const me = caller(request)
    if (!me) return error(401, 'Unauthorized')
    return pagedJson(givenRatings.get(me._id) ?? [], request)
  }),

  http.post('*/api/ratings', async ({ request }) => {
    const me = caller(request)
    if (!me) return error(401, 'Unauthorized')
    const body = (await request.json()) as { taskId: string; studentId: string; stars: number; comment?: string }
    const refused = checkValues(body)
    if (refused) return refused
    const task = market.tasks.find((t) => t._id === body.taskId)
    const approved = task?.submissions.find((s) => s.student?._id === body.studentId && s.status === 'approved')
    if (!task || !approved) return error(404, 'There is no approved work to rate here.')
    if (!approved.ratingClosesAt || new Date(approved.ratingClosesAt).getTime() <= Date.now())
      return error(409, 'The rating window for this work has closed')
    const rateeId = me.userType === 'startup' ? body.studentId : task.startup!._id
    if ((givenRatings.get(me._id) ?? []).some((r) => r.taskId === task._id && r.rateeId === rateeId))
      return error(409, 'You have already rated this work.')
    const rating = addGivenRating(me._id, { taskId: task._id, taskTitle: task.title, rateeId, stars: body.stars, comment: body.comment ?? '' })
    return HttpResponse.json(rating, { status: 201 })
  }),

  http.put('*/api/ratings/:id', async ({ request, params }) => {
    const me = caller(request)
    const rating = me ? givenRatings.get(me._id)?.find((r) => r._id === params.id) : undefined
    if (!rating) return error(404, 'Rating not found.')
    const body = (await request.json()) as { stars: number; comment?: string }
    const refused = checkValues(body)
    if (refused) return refused
    if (rating.visible || new Date(rating.editableUntil).getTime() <= Date.now()) {
      return error(409, 'This rating can no longer be changed: it is visible to the other side now.')
    }
    Object.assign(rating, { stars: body.stars, comment: body.comment ?? '', updatedAt: '2029-12-06T10:00:00Z' })
    return HttpResponse.json(rating)
  }),
]
