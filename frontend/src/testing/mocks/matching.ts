import { http, HttpResponse } from 'msw'
import type { User } from '@/types/api'
import type { Invitation, RecommendedTask, StudentMatch } from '@/types/matching'
import type { Task } from '@/types/tasks'
import { userForToken } from './db'
import { market } from './marketplace'
import { pagedJson } from './paging'

// A small stand-in for the matching API (docs/matching.md): rankings the test sets, and
// invitations with their answers. Everything starts empty, as for a marketplace with no signal.

let sequence = 0

export const matching = {
  /** GET /api/startup/tasks/{id}/matches by task id. */
  taskMatches: new Map<string, StudentMatch[]>(),
  /** GET /api/startup/matches, whatever the draft. */
  draftMatches: [] as StudentMatch[],
  /** GET /api/student/recommended, for every student. */
  recommended: [] as RecommendedTask[],
  /** Newest first, as the server lists them. */
  invitations: [] as Invitation[],
}

export function resetMatching() {
  matching.taskMatches.clear()
  matching.draftMatches = []
  matching.recommended = []
  matching.invitations = []
}

/** An invitation of `student` to `task`, as the API sends it; pending unless told otherwise. */
export function makeInvitation(task: Task, student: User, overrides: Partial<Invitation> = {}): Invitation {
  const invitation: Invitation = {
    _id: `0193d000-0000-7000-8000-${String(++sequence).padStart(12, '0')}`,
    task: { _id: task._id, title: task.title, deadline: task.deadline, currency: task.currency, budget: task.budget, seats: task.seats },
    startup: { _id: task.startup!._id, id: task.startup!._id, companyName: task.startup!.companyName ?? '', profilePicture: '' },
    student: { _id: student._id, id: student._id, firstName: student.firstName, lastName: student.lastName, profilePicture: '' },
    message: '',
    status: 'pending',
    reason: '',
    createdAt: '2029-12-02T00:00:00Z',
    answeredAt: null,
    expiresAt: task.deadline,
    ...overrides,
  }
  matching.invitations.unshift(invitation)
  return invitation
}

const who = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)

const refuse = (status: number, message: string) => HttpResponse.json({ message, code: status === 404 ? 'not_found' : 'conflict' }, { status })

/** Answers a pending invitation of the caller's; the server's 409 once it is not pending. */
function answer(request: Request, id: unknown, change: Partial<Invitation>) {
  const me = who(request)
  const invitation = matching.invitations.find((i) => i._id === id && i.student._id === me?._id)
  if (!invitation) return refuse(404, 'Invitation not found.')
  if (invitation.status !== 'pending') return refuse(409, 'This invitation was already answered or has expired.')
  Object.assign(invitation, change, { answeredAt: '2029-12-03T00:00:00Z' })
  return HttpResponse.json(invitation)
}

export const matchingHandlers = [
  http.get('*/api/startup/tasks/:id/matches', ({ params, request }) => pagedJson(matching.taskMatches.get(String(params.id)) ?? [], request)),
  http.get('*/api/startup/matches', ({ request }) => pagedJson(matching.draftMatches, request)),
  http.get('*/api/startup/tasks/:id/invitations', ({ params, request }) =>
    pagedJson(
      matching.invitations.filter((i) => i.task._id === params.id),
      request,
    ),
  ),
  http.post('*/api/startup/tasks/:id/invitations', async ({ params, request }) => {
    const { studentId, message } = (await request.json()) as { studentId: string; message: string }
    const task = market.tasks.find((t) => t._id === params.id)
    const student = matching.draftMatches
      .concat(matching.taskMatches.get(String(params.id)) ?? [])
      .map((m) => m.student)
      .find((s) => s._id === studentId)
    if (!task || !student) return refuse(404, 'Task or student not found.')
    if (matching.invitations.some((i) => i.task._id === task._id && i.student._id === studentId))
      return refuse(409, 'This student was already invited.')
    return HttpResponse.json(makeInvitation(task, student, { message }), { status: 201 })
  }),
  http.get('*/api/student/invitations', ({ request }) =>
    pagedJson(
      matching.invitations.filter((i) => i.student._id === who(request)?._id),
      request,
    ),
  ),
  http.post('*/api/student/invitations/:id/accept', ({ params, request }) => answer(request, params.id, { status: 'accepted' })),
  http.post('*/api/student/invitations/:id/decline', async ({ params, request }) => {
    const { reason = '' } = (await request.json()) as { reason?: string }
    return answer(request, params.id, { status: 'declined', reason })
  }),
  http.get('*/api/student/recommended', ({ request }) => pagedJson(matching.recommended, request)),
]
