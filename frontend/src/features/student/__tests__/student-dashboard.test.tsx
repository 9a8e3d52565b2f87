import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { StudentDashboard } from '@/features/student/api/get-student-dashboard'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { matching } from '@/testing/mocks/matching'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

function dashboard(overrides: Partial<StudentDashboard> = {}) {
  const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' })
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const active = makeTask(startup, { title: 'Design onboarding', skills: ['Figma', 'UI', 'UX'] })
  makeSubmission(active, student.user)
  active.displayStatus = 'submitted'
  const open = [1, 2, 3].map((i) => makeTask(startup, { title: `Open ${i}` }))
  const done = makeTask(startup, {
    title: 'Write docs',
    status: 'completed',
    displayStatus: 'completed',
    certificateId: 'cert-1',
    completedAt: '2029-12-05T00:00:00Z',
  })
  const body: StudentDashboard = {
    student: student.user,
    user: student.user,
    tasks: [active, done],
    stats: { activeTasks: 1, completed: 1, certificates: 1 },
    activeTasks: [active],
    availableTasks: { items: open, total: 7, totalCapped: false },
    recentlyCompleted: [done],
    startups: [{ _id: startup._id, id: startup._id, companyName: 'Nimbus Labs' }],
    ...overrides,
  }
  server.use(http.get('*/api/student/dashboard', () => HttpResponse.json(body)))
  return { student, open }
}

describe('student dashboard', () => {
  it('shows the cards, active tasks with 2 skills, and the startup', async () => {
    const { student } = dashboard()
    await renderApp('/dashboard', { as: student.user })
    expect(await screen.findByRole('heading', { level: 1, name: 'Student dashboard' })).toBeInTheDocument()
    expect(screen.getByText(/Welcome, Asha/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile')
    for (const label of ['Active Tasks', 'Completed', 'Certificates']) expect(screen.getAllByText(label).length).toBeGreaterThan(0)
    const active = screen.getByRole('region', { name: 'Active Tasks' })
    expect(within(active).getByText('Link Submitted - Awaiting Review')).toBeInTheDocument()
    expect(
      within(within(active).getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Figma', 'UI', '+1 more'])
    expect(within(active).getByRole('link', { name: 'Chat with Nimbus Labs' })).toBeInTheDocument()
    // Cards open the task page: the title and View Details, with the pay beside the startup.
    const task = within(active)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-label'))!
    const id = market.tasks.find((t) => t.title === task.getAttribute('aria-label'))!._id
    expect(within(task).getByRole('link', { name: task.getAttribute('aria-label')! })).toHaveAttribute('href', `/tasks/${id}`)
    expect(within(task).getByRole('link', { name: `View Details of ${task.getAttribute('aria-label')}` })).toHaveAttribute('href', `/tasks/${id}`)
    expect(task).toHaveTextContent(/Nimbus Labs · (Unpaid|\$)/)
  })

  it('submits a link from Available Tasks and offers View All when there are more than 3', async () => {
    const { student, open } = dashboard()
    const { events } = await renderApp('/dashboard', { as: student.user })
    const available = await screen.findByRole('region', { name: 'Available Tasks' })
    expect(within(available).getByRole('link', { name: 'View All Available Tasks' })).toHaveAttribute('href', '/tasks')
    // The link form comes in its own chunk, after the dashboard paints.
    await events.type(await within(available).findByLabelText('Link to your work for Open 1'), 'https://github.com/asha/open1')
    await events.click(within(available).getAllByRole('button', { name: 'Submit Task' })[0]!)
    expect(await screen.findByText('Task submitted successfully!')).toBeInTheDocument()
    expect(market.requests.find((r) => r.url.pathname === `/api/student/tasks/${open[0]!._id}/submit-link`)?.body).toEqual({
      link: 'https://github.com/asha/open1',
    })
  })

  it('shows the recommended tasks first, each with why, and View All opens the best-match order', async () => {
    const { student, open } = dashboard()
    const startup = seedAccount({ userType: 'startup', companyName: 'Orbit' }).user
    const best = makeTask(startup, { title: 'React dashboard' })
    matching.recommended = [
      { task: best, score: 80, reasons: ['React proved in 2 approved tasks', 'pays in USD'] },
      { task: open[2]!, score: 40, reasons: ['6 days to the deadline'] },
    ]
    await renderApp('/dashboard', { as: student.user })
    const available = await screen.findByRole('region', { name: 'Available Tasks' })
    const why = await within(available).findByRole('list', { name: 'Why React dashboard' })
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['React proved in 2 approved tasks', 'pays in USD'])
    expect(
      within(available)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['React dashboard', 'Open 3'])
    expect(within(available).getAllByText('Why this task')).toHaveLength(2)
    expect(within(available).getByRole('link', { name: 'View All Available Tasks' })).toHaveAttribute('href', '/tasks?sort=best-match')
  })

  it('links completed work to its certificate, and has every empty state', async () => {
    const { student } = dashboard({ activeTasks: [], availableTasks: { items: [], total: 0, totalCapped: false }, startups: [] })
    await renderApp('/dashboard', { as: student.user })
    const done = await screen.findByRole('region', { name: 'Recently Completed' })
    expect(within(done).getByText('Task Completed')).toBeInTheDocument()
    expect(within(done).getByRole('link', { name: 'View Certificate' })).toHaveAttribute('href', '/certificates')
    expect(screen.getByText('No active tasks')).toBeInTheDocument()
    expect(screen.getByText('No available tasks at the moment')).toBeInTheDocument()
    expect(screen.getByText('No startups found')).toBeInTheDocument()
  })

  it('says Failed to fetch dashboard when it cannot load', async () => {
    const student = seedAccount({ userType: 'student' })
    server.use(http.get('*/api/student/dashboard', () => HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })))
    await renderApp('/dashboard', { as: student.user })
    expect(await screen.findByText('Failed to fetch dashboard')).toBeInTheDocument()
  })
})
