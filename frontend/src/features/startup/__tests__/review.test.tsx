import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { seedAccount } from '@/testing/mocks/db'
import { addNotification, makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

function scene() {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' })
  const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
  const task = makeTask(startup.user, { title: 'Design a logo' })
  makeSubmission(task, student, { link: 'https://dribbble.com/asha/logo' })
  return { startup, student, task }
}

const posted = (path: string) => market.requests.filter((r) => r.method === 'POST' && r.url.pathname === path).map((r) => r.body)

/** The query of every GET of `path`, in order. */
const asked = (path: string) =>
  market.requests.filter((r) => r.method === 'GET' && r.url.pathname === path).map((r) => Object.fromEntries(r.url.searchParams))

describe('My Works', () => {
  it('has the four tabs with their counts', async () => {
    const { startup } = scene()
    makeTask(startup.user, { title: 'Done', status: 'completed', displayStatus: 'completed' })
    await renderApp('/startup/tasks', { as: startup.user })
    const tabs = await screen.findByRole('tablist', { name: 'Works by status' })
    expect(await within(tabs).findByRole('tab', { name: 'All Works (2)' })).toHaveAttribute('aria-selected', 'true')
    expect(within(tabs).getByRole('tab', { name: 'Open (1)' })).toBeInTheDocument()
    expect(within(tabs).getByRole('tab', { name: 'Under Review (0)' })).toBeInTheDocument()
    expect(within(tabs).getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument()
  })

  it('moves a submission to review, then approves it with notes', async () => {
    const { startup, student, task } = scene()
    const { events } = await renderApp('/startup/tasks', { as: startup.user })
    const card = await screen.findByRole('article', { name: 'Design a logo' })
    await events.click(within(card).getByRole('button', { name: "Move to Review: Asha Verma's submission" }))
    expect(await screen.findByText('Submission moved to under review')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/review`)).toEqual([{ studentId: student._id, revision: 1 }])

    await events.click(await within(card).findByRole('button', { name: "Approve Asha Verma's submission" }))
    const dialog = screen.getByRole('dialog', { name: "Approve Asha Verma's work on 'Design a logo'?" })
    await events.type(within(dialog).getByLabelText('Review notes (optional)'), 'Great work')
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: 'Great work', closeTask: true, revision: 1 },
    ])
    // Decided submissions show their status instead of actions.
    expect(await within(card).findByText('Approved')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument()
  })

  it('takes the tab counts from /tasks/counts, and pages each tab 12 tasks at a time', async () => {
    const { startup } = scene()
    for (let i = 1; i <= 12; i++) makeTask(startup.user, { title: `Work ${i}` })
    // Counts the list alone could not give: they come from their own endpoint.
    const countQueries: string[] = []
    server.use(
      http.get('*/api/startup/tasks/counts', ({ request }) => {
        countQueries.push(new URL(request.url).search)
        return HttpResponse.json({ all: 40, open: 31, 'under-review': 5, completed: 4 })
      }),
    )
    const { events, router } = await renderApp('/startup/tasks', { as: startup.user })
    const tabs = await screen.findByRole('tablist', { name: 'Works by status' })
    expect(await within(tabs).findByRole('tab', { name: 'All Works (40)' })).toBeInTheDocument()
    expect(within(tabs).getByRole('tab', { name: 'Open (31)' })).toBeInTheDocument()
    expect(within(tabs).getByRole('tab', { name: 'Under Review (5)' })).toBeInTheDocument()
    expect(within(tabs).getByRole('tab', { name: 'Completed (4)' })).toBeInTheDocument()

    const panel = screen.getByRole('tabpanel', { name: 'All Works' })
    await waitFor(() => expect(within(panel).getAllByRole('article')).toHaveLength(12))
    expect(asked('/api/startup/tasks')).toEqual([{ page: '1', per_page: '12' }])
    const pager = within(panel).getByRole('navigation', { name: 'My Works pages' })
    expect(pager).toHaveTextContent('Page 1 of 2')
    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(router.location.search).toBe('?page=2'))
    await waitFor(() => expect(within(panel).getAllByRole('article')).toHaveLength(1))
    expect(asked('/api/startup/tasks').at(-1)).toEqual({ page: '2', per_page: '12' })

    await events.click(within(tabs).getByRole('tab', { name: 'Open (31)' }))
    await waitFor(() => expect(asked('/api/startup/tasks').at(-1)).toEqual({ status: 'open', page: '1', per_page: '12' }))
    expect(await screen.findByRole('tabpanel', { name: 'Open' })).toBeInTheDocument()
    // One count for every tab: switching tabs or pages asks for none again.
    expect(countQueries).toEqual([''])
  })

  it('offers Post Your First Work when nothing was posted', async () => {
    await renderApp('/startup/tasks', { as: 'startup' })
    expect(await screen.findByText('No tasks posted yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Post Your First Work' })).toHaveAttribute('href', '/startup/post-work')
  })
})

describe('startup dashboard', () => {
  it('shows stats, the bell, the submissions table with Approve/Reject, recent tasks and company stats', async () => {
    const { startup, student, task } = scene()
    addNotification(startup.user, 'Asha Verma submitted "Design a logo".', `/startup/tasks/${task._id}`)
    const { events } = await renderApp('/dashboard', { as: startup.user })
    expect(await screen.findByRole('heading', { level: 1, name: 'Startup dashboard' })).toBeInTheDocument()
    expect(screen.getByText(/Welcome, Nimbus Labs/)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Company Stats' })).toHaveTextContent('Students currently working1')
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Submission Link' })).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'https://dribbble.com/asha/logo' })).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(within(table).queryByRole('button', { name: /Move/ })).not.toBeInTheDocument()
    await events.click(within(table).getByRole('button', { name: "Reject Asha Verma's submission" }))
    await events.click(
      within(screen.getByRole('dialog', { name: "Reject Asha Verma's work on 'Design a logo'?" })).getByRole('button', { name: 'Reject' }),
    )
    expect(await screen.findByText('Work rejected')).toBeInTheDocument()
    // The list reloads after a decision (spec §4).
    await waitFor(() => expect(screen.getByRole('region', { name: 'Company Stats' })).toHaveTextContent('Students currently working0'))
    expect(posted(`/api/startup/tasks/${task._id}/reject`)).toEqual([{ studentId: student._id, reviewNotes: '', revision: 1 }])
    // Nobody is assigned: it says so, and how much work came in, in words.
    expect(screen.getByRole('region', { name: 'Recent Tasks' })).toHaveTextContent('Unassigned · one submission so far')
    expect(screen.getByText('Different students whose work you approved, each counted once')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Company Stats' })).toHaveTextContent('Free: every feature, with no subscription. It is the only plan.')
    expect(screen.getByText('Students with a link waiting on an open task')).toBeInTheDocument()
  })
})

describe('task detail', () => {
  it('shows every field and the submissions to the owner', async () => {
    const { startup, task } = scene()
    task.imageUrl = '/api/files/0193c000-0000-7000-8000-000000000001'
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    expect(await screen.findByRole('heading', { level: 2, name: 'Design a logo' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Task details' })).toBeInTheDocument()
    expect(screen.getByText('Web Development')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Submissions for Design a logo' })).toHaveTextContent('Asha Verma')
    await events.click(screen.getByRole('button', { name: 'Open image 1 of 1' }))
    expect(screen.getByRole('dialog', { name: 'Image viewer' })).toHaveTextContent('1 / 1')
  })

  it("says Task not found for another startup's task", async () => {
    const { task } = scene()
    await renderApp(`/startup/tasks/${task._id}`, { as: 'startup' })
    expect(await screen.findByText('Task not found.')).toBeInTheDocument()
  })
})

describe('submissions page', () => {
  it('lists every submission with Task, Student, Submission Link, Status and Actions', async () => {
    const { startup } = scene()
    await renderApp('/startup/submissions', { as: startup.user })
    const row = (await screen.findAllByRole('row'))[1]!
    expect(row).toHaveTextContent('Design a logo')
    expect(row).toHaveTextContent('Asha Verma')
    expect(row).toHaveTextContent('Pending')
    expect(within(row).getByRole('button', { name: "Approve Asha Verma's submission" })).toBeInTheDocument()
  })

  it('asks for 12 rows a page and pages through the Link header, keeping the status filter', async () => {
    const { startup, task } = scene()
    for (let i = 2; i <= 13; i++) makeSubmission(task, createUser({ firstName: 'Student', lastName: String(i) }))
    const { events, router } = await renderApp('/startup/submissions', { as: startup.user })
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13)) // the head and 12 rows
    expect(asked('/api/startup/submissions')).toEqual([{ page: '1', per_page: '12' }])
    const pager = screen.getByRole('navigation', { name: 'Submissions pages' })
    expect(pager).toHaveTextContent('Page 1 of 2')

    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(within(table).getByRole('row', { name: /Student 13/ })).toBeInTheDocument()
    expect(router.location.search).toBe('?page=2')
    expect(asked('/api/startup/submissions').at(-1)).toEqual({ page: '2', per_page: '12' })
    expect(pager).toHaveTextContent('Page 2 of 2')

    await events.selectOptions(screen.getByLabelText('Status'), 'pending')
    await waitFor(() => expect(asked('/api/startup/submissions').at(-1)).toEqual({ status: 'pending', page: '1', per_page: '12' }))
    expect(router.location.search).toBe('?status=pending')
  })
})
