import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { pagedJson } from '@/testing/mocks/paging'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import type { AdminStartupDashboard, AdminStudentDashboard, AdminTask } from '../api/types'

const student = createUser({ firstName: 'Ada', lastName: 'Lovelace', college: '', phone: '' })
const startup = createUser({ userType: 'startup', companyName: 'Nimbus', companySize: '11-50', tier: 'free' })
const longText = 'A very long description. '.repeat(20)

function task(overrides: Partial<AdminTask>): AdminTask {
  return {
    _id: `t-${Math.random()}`,
    title: 'Task',
    description: 'Short.',
    category: 'web-development',
    workType: 'technical',
    skills: ['React', 'CSS', 'Figma', 'Go'],
    difficulty: '',
    estimatedHours: 5,
    budget: { min: 0, max: 0 },
    currency: 'USD',
    deadline: '2026-01-31T00:00:00Z',
    deadlinePassed: false,
    seats: 1,
    seatsFilled: 0,
    funding: { status: 'unfunded', amount: 0, currency: 'USD' },
    priority: 'medium',
    imageUrl: '',
    attachments: [],
    status: 'open',
    displayStatus: 'open',
    startup: { _id: startup._id, id: startup._id, companyName: 'Nimbus' },
    assignedStudent: null,
    submissions: [],
    completedAt: null,
    createdAt: '2025-12-01T00:00:00Z',
    ...overrides,
  }
}

const studentDashboard: AdminStudentDashboard = {
  user: student,
  stats: { activeTasks: 1, completed: 2, certificates: 1 },
  activeTasks: [task({ title: 'Active one', displayStatus: 'submitted', description: longText })],
  availableTasks: { items: [1, 2, 3, 4].map((n) => task({ title: `Open ${n}` })), total: 4 },
  recentlyCompleted: [
    task({
      title: 'Done with link',
      displayStatus: 'completed',
      submissions: [
        {
          _id: 's1',
          student: { _id: student._id, id: student._id },
          link: 'https://github.com/ada/done',
          status: 'approved',
          submittedAt: '2025-01-01T00:00:00Z',
          reviewNotes: '',
        },
      ],
    }),
    task({ title: 'Done without link', displayStatus: 'completed' }),
  ],
  startups: [{ _id: startup._id, id: startup._id, companyName: 'Nimbus' }],
  tasks: [],
  certificates: [],
}

/** Ada, then 20 more students: the admin table's 20 a page makes two pages. */
const students = [student, ...Array.from({ length: 20 }, (_, i) => createUser({ firstName: 'Student', lastName: `No${i + 2}` }))]
const helpRequests = Array.from({ length: 21 }, (_, i) => ({
  _id: `h${i + 1}`,
  phone: `+1555010${String(4477 + i)}`,
  email: i === 0 ? 'call@me.com' : `caller${i + 1}@me.com`,
  createdAt: '2025-05-02T10:00:00Z',
  // The first as the Help Center's form sends it; the others as the spec's client does, without.
  topic: i === 0 ? 'payments' : '',
  message: i === 0 ? 'My payout has not arrived.' : '',
}))

/** The admin lists, answering like the server; `asked` collects each list request's query. */
function mockAdmin() {
  const asked: Array<{ path: string; query: Record<string, string> }> = []
  const list =
    <T,>(items: T[]) =>
    ({ request }: { request: Request }) => {
      const url = new URL(request.url)
      asked.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) })
      return pagedJson(items, request)
    }
  server.use(
    http.get('*/api/admin/stats', () => HttpResponse.json({ students: 21, startups: 3, tasks: 40 })),
    http.get('*/api/admin/students', list(students)),
    http.get('*/api/admin/startups', list([startup])),
    http.get('*/api/admin/help-requests', list(helpRequests)),
    http.get('*/api/admin/dashboard/student/:id', () => HttpResponse.json(studentDashboard)),
  )
  return asked
}

describe('/admin/dashboard', () => {
  it('shows totals; the tiles switch to the tables and Back to Dashboard returns', async () => {
    mockAdmin()
    const { events } = await renderApp('/admin/dashboard', { as: 'admin' })
    const studentsTile = await screen.findByRole('link', { name: /Students\s*21/ })
    expect(screen.getByRole('link', { name: /Startups\s*3/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Tasks\s*40/ })).toBeInTheDocument()

    await events.click(studentsTile)
    const table = await screen.findByRole('table', { name: 'Students' })
    const row = within(table).getByRole('row', { name: /Ada Lovelace/ })
    expect(within(row).getAllByText('N/A')).toHaveLength(2) // phone, institution
    expect(within(row).getByRole('link', { name: 'View Dashboard of Ada Lovelace' })).toHaveAttribute('href', `/admin/students/${student._id}`)

    await events.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    await events.click(await screen.findByRole('link', { name: /Startups/ }))
    const startups = await screen.findByRole('table', { name: 'Startups' })
    expect(within(startups).getByRole('row', { name: /Nimbus 11-50/ })).toBeInTheDocument()

    await events.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    await events.click(await screen.findByRole('link', { name: 'Help requests' }))
    const help = await screen.findByRole('table', { name: 'Help requests' })
    expect(within(help).getByRole('row', { name: /\+15550104477 call@me.com May 2, 2025/ })).toBeInTheDocument()
    expect(within(help).getByRole('columnheader', { name: 'Topic' })).toBeInTheDocument()
    expect(within(help).getByRole('row', { name: 'Payments My payout has not arrived. +15550104477 call@me.com May 2, 2025' })).toBeInTheDocument()
    expect(within(help).getByRole('row', { name: /^No topic No message \+15550104478 caller2@me.com/ })).toBeInTheDocument()
  })
})

describe('/admin/dashboard tables', () => {
  it('ask for 20 rows a page (per_page, no longer pageSize) and page through the Link header', async () => {
    const asked = mockAdmin()
    const { events, router } = await renderApp('/admin/dashboard?view=students&page=1', { as: 'admin' })
    const table = await screen.findByRole('table', { name: 'Students' })
    expect(within(table).getAllByRole('row')).toHaveLength(21) // the head and 20 students
    expect(asked).toEqual([{ path: '/api/admin/students', query: { page: '1', per_page: '20' } }])
    const pager = screen.getByRole('navigation', { name: 'Students pages' })
    expect(pager).toHaveTextContent('Page 1 of 2')

    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await within(table).findByRole('row', { name: /Student No21/ })).toBeInTheDocument()
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(router.location.search).toBe('?view=students&page=2')
    expect(asked.at(-1)).toEqual({ path: '/api/admin/students', query: { page: '2', per_page: '20' } })
    expect(pager).toHaveTextContent('Page 2 of 2')
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()

    await events.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    await events.click(await screen.findByRole('link', { name: 'Help requests' }))
    const help = await screen.findByRole('table', { name: 'Help requests' })
    expect(within(help).getAllByRole('row')).toHaveLength(21)
    await events.click(within(screen.getByRole('navigation', { name: 'Help requests pages' })).getByRole('button', { name: 'Next' }))
    expect(await within(help).findByRole('row', { name: /caller21@me.com/ })).toBeInTheDocument()
    expect(asked.at(-1)).toEqual({ path: '/api/admin/help-requests', query: { page: '2', per_page: '20' } })

    // One startup: one page, so no pager.
    await events.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    await events.click(await screen.findByRole('link', { name: /Startups/ }))
    await screen.findByRole('table', { name: 'Startups' })
    expect(screen.queryByRole('navigation', { name: 'Startups pages' })).not.toBeInTheDocument()
  })
})

describe('/admin/students/:id', () => {
  it('is the student dashboard with no bell, submit or chat, and completed tasks show their link', async () => {
    mockAdmin()
    const { events } = await renderApp(`/admin/students/${student._id}`, { as: 'admin' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/admin/students/${student._id}/profile`)
    expect(screen.getByRole('link', { name: 'View All Available Tasks' })).toBeInTheDocument()
    expect(screen.getAllByRole('article').filter((a) => a.getAttribute('aria-label')?.startsWith('Open '))).toHaveLength(3)
    expect(screen.getByRole('link', { name: 'https://github.com/ada/done' })).toBeInTheDocument()
    expect(screen.getByText('No submission link')).toBeInTheDocument()

    for (const name of [/notification/i, /submit/i, /chat/i, /connect/i, /message/i, /approve/i, /reject/i, /edit/i]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument()
    }
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()

    // Dashboard cards show 2 skills, then +N more; descriptions clamp until Read more.
    const active = screen.getByRole('article', { name: 'Active one' })
    expect(within(within(active).getByRole('list', { name: 'Skills' })).getByText('+2 more')).toBeInTheDocument()
    await events.click(within(active).getByRole('button', { name: 'Read more' }))
    expect(within(active).getByRole('button', { name: 'Read less' })).toHaveAttribute('aria-expanded', 'true')
  })
})

describe('task images', () => {
  it('open in a lightbox with previous, next, close, n / total and the keyboard', async () => {
    const posted = task({
      title: 'With images',
      imageUrl: '/api/files/a',
      attachments: [
        { name: 'b.png', url: '/api/files/b' },
        { name: 'spec.pdf', url: '/api/files/c' },
        { name: 'c.jpg', url: '/api/files/d' },
      ],
    })
    const data: AdminStartupDashboard = {
      startup,
      stats: { activeTasks: 1, studentsHired: 0, studentsWorking: 0 },
      tasks: [posted],
      totalTasks: 1,
      submissions: [],
    }
    server.use(http.get('*/api/admin/dashboard/startup/:id', () => HttpResponse.json(data)))
    const { events } = await renderApp(`/admin/startups/${startup._id}/tasks`, { as: 'admin' })
    await events.click(await screen.findByRole('button', { name: 'Open image 2 of 3' }))
    const dialog = screen.getByRole('dialog', { name: 'Image viewer' })
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    await events.click(within(dialog).getByRole('button', { name: 'Next image' }))
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument()
    await events.keyboard('{ArrowRight}')
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument()
    await events.keyboard('{ArrowLeft}')
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument()
    await events.click(within(dialog).getByRole('button', { name: 'Previous image' }))
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', `${window.location.origin}/api/files/b`)
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('No submissions yet.')).toBeInTheDocument()
  })
})

describe('/admin/startups/:id/profile', () => {
  it('shows the startup profile without Edit Profile', async () => {
    const data: AdminStartupDashboard = {
      startup,
      stats: { activeTasks: 0, studentsHired: 0, studentsWorking: 0 },
      tasks: [],
      totalTasks: 0,
      submissions: [],
    }
    server.use(http.get('*/api/admin/dashboard/startup/:id', () => HttpResponse.json(data)))
    await renderApp(`/admin/startups/${startup._id}/profile`, { as: 'admin' })
    expect(await screen.findByText('11-50')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument()
  })
})
