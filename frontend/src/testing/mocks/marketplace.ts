import { http, HttpResponse } from 'msw'
import type { Submission, Task } from '@/types/tasks'
import type { User } from '@/types/api'
import { userForToken } from './db'
import { pagedJson } from './paging'
import { openPayment } from './payments'

// A small stand-in for the marketplace API (backend/httpapi/openapi/marketplace.json), enough for
// component tests: tasks with submissions, the review transitions (an approval fills a paid
// place and, on paid work, opens a payment: ./payments.ts), notifications and certificates. Tests call `server.use(...marketplaceHandlers())` and read `market` to check
// what the app sent.

let sequence = 0
const nextId = () => `0193b000-0000-7000-8000-${String(++sequence).padStart(12, '0')}`

export const market = {
  tasks: [] as Task[],
  notifications: [] as Array<{ _id: string; userId: string; message: string; link?: string; read: boolean; createdAt: string }>,
  certificates: [] as Array<Record<string, unknown> & { _id: string; studentId: string }>,
  /** Every request the app made, as "METHOD /path?query" with its JSON body. */
  requests: [] as Array<{ method: string; url: URL; body: unknown }>,
  /** GET /api/currency-rates: the server's default rates, a few of them. */
  currencyRates: defaultCurrencyRates(),
}

function defaultCurrencyRates() {
  return { base: 'USD', rates: { USD: 1, EUR: 1.08, GBP: 1.27, INR: 0.012, JPY: 0.0067 } as Record<string, number> }
}

export function resetMarket() {
  market.tasks = []
  market.notifications = []
  market.certificates = []
  market.requests = []
  market.currencyRates = defaultCurrencyRates()
}

/** A task as the API sends it; `startup` is its owner. */
export function makeTask(startup: Pick<User, '_id' | 'companyName' | 'email'>, overrides: Partial<Task> = {}): Task {
  const task: Task = {
    _id: nextId(),
    title: `Task ${sequence}`,
    description: 'Build something useful.',
    category: 'web-development',
    workType: 'technical',
    skills: ['React', 'CSS'],
    difficulty: '',
    estimatedHours: 5,
    budget: { min: 0, max: 0 },
    currency: 'USD',
    deadline: '2030-01-15T00:00:00Z',
    deadlinePassed: false,
    seats: 1,
    seatsFilled: 0,
    funding: { status: 'unfunded', amount: 0, currency: 'USD' },
    priority: 'medium',
    imageUrl: '',
    attachments: [],
    assignedStudent: null,
    status: 'open',
    displayStatus: 'open',
    startup: { _id: startup._id, id: startup._id, companyName: startup.companyName, email: startup.email },
    submissions: [],
    completedAt: null,
    createdAt: '2029-12-01T00:00:00Z',
    ...overrides,
  }
  market.tasks.push(task)
  return task
}

export function makeSubmission(task: Task, student: User, overrides: Partial<Submission> = {}): Submission {
  const sub: Submission = {
    _id: nextId(),
    student: { _id: student._id, id: student._id, firstName: student.firstName, lastName: student.lastName, email: student.email },
    link: 'https://example.com/work',
    status: 'pending',
    submittedAt: '2029-12-02T00:00:00Z',
    reviewNotes: '',
    revision: 1,
    ...overrides,
  }
  task.submissions.push(sub)
  task.status = task.displayStatus = 'submitted'
  return sub
}

const who = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)

const record = async (request: Request) => {
  let body: unknown
  try {
    body = await request.clone().json()
  } catch {
    body = undefined
  }
  market.requests.push({ method: request.method, url: new URL(request.url), body })
}

const counts = (tasks: Task[]) => ({
  all: tasks.length,
  open: tasks.filter((t) => t.displayStatus === 'open' || t.displayStatus === 'submitted').length,
  'under-review': tasks.filter((t) => t.displayStatus === 'under-review').length,
  completed: tasks.filter((t) => t.displayStatus === 'completed').length,
})

export function marketplaceHandlers() {
  return [
    http.all('*/api/*', async ({ request }) => {
      await record(request)
      return undefined // fall through to the handlers below
    }),
    http.get('*/api/currency-rates', () => HttpResponse.json(market.currencyRates)),
    http.get('*/api/tasks', ({ request }) => {
      const url = new URL(request.url)
      const search = url.searchParams.get('search')?.toLowerCase() ?? ''
      let list = market.tasks.filter((t) => t.status !== 'completed' && !t.assignedStudent && t.title.toLowerCase().includes(search))
      if (url.searchParams.get('paid') === 'true') list = list.filter((t) => t.budget.min > 0 || t.budget.max > 0)
      if (url.searchParams.get('sort') === 'pay') list = [...list].sort((a, b) => b.budget.max - a.budget.max)
      return pagedJson(list, request)
    }),
    // A task's page (docs/marketplace.md, "Screens: pay and the task page"): a listed task for
    // anyone, others for their people only.
    http.get('*/api/tasks/:id', ({ params, request }) => {
      const me = who(request)
      const task = market.tasks.find((t) => t._id === params.id)
      const own = task?.submissions.find((s) => s.student?._id === me?._id)
      const listed = task && task.status !== 'completed' && !task.assignedStudent
      const visible = task && (listed || task.startup?._id === me?._id || task.assignedStudent?._id === me?._id || own)
      if (!task || !visible) return HttpResponse.json({ message: 'Task not found.', code: 'not_found' }, { status: 404 })
      const displayStatus = me?.userType === 'student' && own ? (own.status === 'pending' ? 'submitted' : own.status) : task.displayStatus
      return HttpResponse.json({ ...task, displayStatus, submissions: [], mySubmission: me?.userType === 'student' ? (own ?? null) : null })
    }),
    http.get('*/api/student/tasks/all', ({ request }) => {
      const me = who(request)!
      const url = new URL(request.url)
      const mine = (t: Task) => t.submissions.some((s) => s.student?._id === me._id) || t.assignedStudent?._id === me._id
      let list =
        url.searchParams.get('scope') === 'mine' ? market.tasks.filter(mine) : market.tasks.filter((t) => !mine(t) && t.status !== 'completed')
      // As the server: "startup" keeps the tasks assigned to the student, "non-startup" the rest.
      const source = url.searchParams.get('source')
      if (source) list = list.filter((t) => (t.assignedStudent?._id === me._id) === (source === 'startup'))
      return pagedJson(list, request)
    }),
    http.get('*/api/startup/tasks', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status')
      const own = market.tasks.filter((t) => t.startup?._id === who(request)?._id)
      const list = status
        ? own.filter((t) => (status === 'open' ? ['open', 'submitted'].includes(t.displayStatus) : t.displayStatus === status))
        : own
      return pagedJson(list, request)
    }),
    // Before /tasks/:id, which would take "counts" for an id.
    http.get('*/api/startup/tasks/counts', ({ request }) =>
      HttpResponse.json(counts(market.tasks.filter((t) => t.startup?._id === who(request)?._id))),
    ),
    http.get('*/api/startup/tasks/:id', ({ params, request }) => {
      const task = market.tasks.find((t) => t._id === params.id && t.startup?._id === who(request)?._id)
      return task ? HttpResponse.json(task) : HttpResponse.json({ message: 'Task not found.', code: 'not_found' }, { status: 404 })
    }),
    http.post('*/api/startup/tasks', async ({ request }) => {
      const body = (await request.json()) as Partial<Task>
      const me = who(request)!
      return HttpResponse.json(makeTask(me, { ...body, status: 'open', displayStatus: 'open' } as Partial<Task>), { status: 201 })
    }),
    http.post('*/api/startup/tasks/:id/:action', async ({ params, request }) => {
      // Funding is the payments mock's (./payments.ts).
      if (!['review', 'approve', 'reject', 'request-changes'].includes(String(params.action))) return undefined
      const body = (await request.json()) as {
        studentId: string
        approve?: boolean
        reviewNotes?: string
        closeTask?: boolean
        revision?: number
        payAmount?: number
      }
      const task = market.tasks.find((t) => t._id === params.id)
      const sub = task?.submissions.find((s) => s.student?._id === body.studentId)
      if (!task || !sub) return HttpResponse.json({ message: 'Submission not found.', code: 'not_found' }, { status: 404 })
      // A decision applies to the revision the startup saw (backend/tasks, Apply).
      if (body.revision !== undefined && body.revision !== (sub.revision ?? 1)) {
        return HttpResponse.json(
          { message: `This submission changed since you opened it: review revision ${sub.revision}`, code: 'conflict' },
          { status: 409 },
        )
      }
      if (params.action === 'request-changes' && !body.reviewNotes?.trim()) {
        const message = 'Review notes are required to request changes'
        return HttpResponse.json({ message, code: 'invalid', fields: { reviewNotes: message } }, { status: 400 })
      }
      // An approval pays within the budget, its max by default (backend/tasks, payAmount).
      const lo = Math.max(0, task.budget.min)
      const hi = Math.max(lo, task.budget.max)
      const pay = body.payAmount ?? hi
      if (params.action === 'approve' && body.approve && hi > 0 && (pay < lo || pay > hi || pay <= 0)) {
        const message = `Pay must be between ${lo.toFixed(2)} ${task.currency} and ${hi.toFixed(2)} ${task.currency}, the task's budget`
        return HttpResponse.json({ message, code: 'invalid', fields: { payAmount: message } }, { status: 400 })
      }
      if (params.action === 'review') sub.status = 'under-review'
      else if (params.action === 'request-changes') sub.status = 'changes_requested'
      // /reject is /approve with approve false.
      else sub.status = params.action === 'approve' && body.approve ? 'approved' : 'rejected'
      sub.reviewNotes = body.reviewNotes ?? ''
      const latest = sub.revisions?.at(-1)
      if (latest) Object.assign(latest, { status: sub.status, reviewNotes: sub.reviewNotes, reviewedAt: '2029-12-03T09:00:00Z' })
      let complete = false
      if (sub.status === 'approved') {
        // Ratings of approved work are taken for 14 days after the approval (backend/ratings).
        sub.ratingClosesAt = '2029-12-17T09:00:00Z'
        if (hi > 0) openPayment(task, sub, pay)
        // It fills a paid place; the last completes the task unless the startup keeps it open,
        // which adds one; closeTask true completes it now.
        task.seatsFilled += 1
        complete = body.closeTask === true || (body.closeTask !== false && task.seatsFilled >= task.seats) || Boolean(task.assignedStudent)
        if (body.closeTask === false && task.seatsFilled >= task.seats && !complete) task.seats += 1
      }
      task.displayStatus = task.status = complete ? 'completed' : sub.status === 'under-review' ? 'under-review' : 'open'
      // Completing the task closes every other open submission.
      if (complete) {
        for (const other of task.submissions) {
          if (other !== sub && ['pending', 'under-review', 'changes_requested'].includes(other.status))
            Object.assign(other, { status: 'closed', reviewNotes: 'This task was filled' })
        }
      }
      return HttpResponse.json({ message: 'ok', submission: sub })
    }),
    http.get('*/api/student/dashboard', ({ request }) => {
      const me = who(request)!
      // Each of the student's tasks carries only their own submission, as the API's do.
      const mine = market.tasks
        .filter((t) => t.submissions.some((s) => s.student?._id === me._id))
        .map((t) => ({ ...t, submissions: t.submissions.filter((s) => s.student?._id === me._id) }))
      const open = market.tasks.filter((t) => !t.submissions.some((s) => s.student?._id === me._id) && t.status !== 'completed')
      return HttpResponse.json({
        student: me,
        user: me,
        tasks: mine,
        stats: {
          activeTasks: mine.filter((t) => t.status !== 'completed').length,
          completed: mine.filter((t) => t.status === 'completed').length,
          certificates: market.certificates.filter((c) => c.studentId === me._id).length,
        },
        activeTasks: mine.filter((t) => t.status !== 'completed'),
        availableTasks: { items: open.slice(0, 3), total: open.length },
        recentlyCompleted: mine.filter((t) => t.status === 'completed').slice(0, 3),
        startups: [],
      })
    }),
    http.get('*/api/startup/dashboard', ({ request }) => {
      const me = who(request)!
      const own = market.tasks.filter((t) => t.startup?._id === me._id)
      const submissions = own.flatMap((t) =>
        t.submissions.map((s) => ({ ...s, task: { _id: t._id, title: t.title, status: t.status, displayStatus: t.displayStatus } })),
      )
      return HttpResponse.json({
        startup: me,
        tasks: own.slice(0, 5),
        submissions: submissions.slice(0, 10),
        stats: {
          activeTasks: own.filter((t) => t.status !== 'completed').length,
          studentsHired: new Set(own.filter((t) => t.status === 'completed').map((t) => t.assignedStudent?._id)).size,
          studentsWorking: new Set(submissions.filter((s) => s.status === 'pending' || s.status === 'under-review').map((s) => s.student?._id)).size,
        },
      })
    }),
    http.get('*/api/startup/submissions', ({ request }) => {
      const me = who(request)
      const rows = market.tasks
        .filter((t) => t.startup?._id === me?._id)
        .flatMap((t) => t.submissions.map((s) => ({ ...s, task: { _id: t._id, title: t.title, status: t.status, displayStatus: t.displayStatus } })))
      return pagedJson(rows, request)
    }),
    http.post('*/api/student/tasks/:id/submit-link', async ({ params, request }) => {
      const { link } = (await request.json()) as { link: string }
      const task = market.tasks.find((t) => t._id === params.id)
      if (!task) return HttpResponse.json({ message: 'Task not found.', code: 'not_found' }, { status: 404 })
      // A link after changes were requested, or one replacing a pending link, is the next
      // revision of the same submission; a replaced one stays in the history as replaced.
      const sent = task.submissions.find((s) => s.student?._id === who(request)?._id && ['changes_requested', 'pending'].includes(s.status))
      if (sent) {
        const revision = (sent.revision ?? 1) + 1
        const previous = sent.revisions?.at(-1)
        if (previous && sent.status === 'pending') previous.status = 'replaced'
        Object.assign(sent, { link, status: 'pending', reviewNotes: '', revision, submittedAt: '2029-12-04T00:00:00Z' })
        sent.revisions = [
          ...(sent.revisions ?? []),
          { revision, link, status: 'pending', reviewNotes: '', submittedAt: '2029-12-04T00:00:00Z', reviewedAt: null },
        ]
        task.displayStatus = 'submitted'
        return HttpResponse.json({ message: 'Link submitted successfully!', submission: sent })
      }
      const sub = makeSubmission(task, who(request)!, { link })
      return HttpResponse.json({ message: 'Link submitted successfully!', submission: sub })
    }),
    http.get('*/api/:role/notifications', ({ request }) => {
      const me = who(request)
      return pagedJson(
        market.notifications.filter((n) => n.userId === me?._id && !n.read),
        request,
      )
    }),
    http.patch('*/api/:role/notifications/:id/read', ({ params }) => {
      const n = market.notifications.find((x) => x._id === params.id)
      if (n) n.read = true
      return HttpResponse.json({ message: 'ok' })
    }),
    http.get('*/api/student/certificates', ({ request }) =>
      pagedJson(
        market.certificates.filter((c) => c.studentId === who(request)?._id),
        request,
      ),
    ),
    http.get(
      '*/api/student/certificates/:id/download',
      () => new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } }),
    ),
    http.get('*/api/certificates/verify/:number', ({ params }) => {
      const c = market.certificates.find((x) => x.certificateNumber === params.number)
      return c
        ? HttpResponse.json({ valid: true, certificate: c })
        : HttpResponse.json({ message: 'Certificate not found.', code: 'not_found' }, { status: 404 })
    }),
    http.get('*/api/certificates/:number/credential', ({ params }) => {
      const c = market.certificates.find((x) => x.certificateNumber === params.number)
      return c
        ? new HttpResponse(JSON.stringify(credentialOf(c)), { headers: { 'Content-Type': 'application/vc' } })
        : HttpResponse.json({ message: 'Certificate not found.', code: 'not_found' }, { status: 404 })
    }),
    // Verified when the body is a credential the mock issued, unchanged; 400 when it is no JSON.
    http.post('*/api/credentials/verify', async ({ request }) => {
      await record(request)
      let sent: unknown
      try {
        sent = JSON.parse(await request.text())
      } catch {
        const message = 'This is not a credential: it is neither JSON, nor a badge image (PNG), nor a PDF.'
        return HttpResponse.json({ message, error: message, code: 'invalid', fields: { credential: message } }, { status: 400 })
      }
      const c = market.certificates.find((x) => JSON.stringify(credentialOf(x)) === JSON.stringify(sent))
      return HttpResponse.json(
        c
          ? verificationOf(c)
          : {
              verified: false,
              errors: ['The signature does not match the credential: it was changed after it was signed, or signed by another key.'],
              certificateNumber: '',
              issuer: null,
              subject: null,
              achievement: null,
              evidence: [],
              proof: null,
            },
      )
    }),
  ]
}

/** A notification of the user's; `quoted` is what a user wrote that it carries (review notes). */
export function addNotification(user: User, message: string, link?: string, quoted?: { quote: string; quoteAuthor: string }) {
  const n = { _id: nextId(), userId: user._id, message, ...quoted, link, read: false, createdAt: '2029-12-03T10:00:00Z' }
  market.notifications.push(n)
  return n
}

export function addCertificate(student: User, overrides: Record<string, unknown> = {}) {
  const c = {
    _id: nextId(),
    studentId: student._id,
    certificateNumber: 'BW-ABCDEFGHIJKLMNOP',
    title: 'Build a landing page',
    skills: ['React', 'CSS', 'Figma', 'Tailwind'],
    issuedAt: '2029-12-05T00:00:00Z',
    studentName: `${student.firstName} ${student.lastName}`,
    startup: { _id: 'startup-1', companyName: 'Nimbus Labs', verifiedDomain: '', since: '2029-11-01T00:00:00Z' },
    metadata: {
      taskTitle: 'Build a landing page',
      taskCategory: 'web-development',
      taskPostedAt: '2029-11-20T00:00:00Z',
      completionDate: '2029-12-05T00:00:00Z',
    },
    verifyUrl: 'http://localhost/verify/BW-ABCDEFGHIJKLMNOP',
    ...overrides,
  }
  market.certificates.push(c)
  return c
}

type MockCertificate = (typeof market.certificates)[number]

/** The mock's stand-in for a certificate's signed credential: only its identity matters to the SPA. */
export function credentialOf(c: MockCertificate) {
  return {
    id: `http://localhost/api/certificates/${String(c.certificateNumber)}/credential`,
    name: c.title,
    proof: { proofValue: `z${String(c.certificateNumber)}` },
  }
}

/** What POST /api/credentials/verify answers for a certificate's credential. */
function verificationOf(c: MockCertificate) {
  const startup = c.startup as { companyName: string }
  const creator = {
    id: 'http://localhost/startup/startup-1',
    type: ['Profile'],
    name: startup.companyName,
    description: "Bridgework has not verified this company's domain (as of 5 December 2029).",
  }
  return {
    verified: true,
    errors: [],
    certificateNumber: c.certificateNumber,
    issuer: { id: 'did:web:localhost', type: ['Profile'], name: 'Bridgework', url: 'http://localhost' },
    subject: { name: c.studentName, identityType: 'emailAddress', identityHash: 'sha256$00', salt: '00' },
    achievement: {
      id: 'http://localhost/tasks/t1',
      type: ['Achievement'],
      name: c.title,
      description: 'A task.',
      criteria: { narrative: 'Approved.' },
      tag: c.skills,
      creator,
    },
    evidence: [
      {
        id: 'https://example.com/work',
        type: ['Evidence'],
        name: `Revision 1 of the work submitted for “${String(c.title)}”`,
        narrative: 'Lovely work',
      },
    ],
    proof: { verificationMethod: 'did:web:localhost#z6MkMock', created: '2029-12-05T00:00:00Z' },
  }
}
