import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import type { Task } from '@/types/tasks'

// A startup's controls of its tasks: Edit and Repost open the post form filled from the task;
// Close asks for a reason; Withdraw asks first, and only while nobody has submitted.

/** What the app sent to the controls' routes, as "METHOD /path" and body. */
let sent: Array<{ call: string; body: unknown }> = []

beforeEach(() => {
  resetMarket()
  sent = []
  const find = (id: unknown) => market.tasks.find((t) => t._id === id)!
  const record = async (request: Request) => {
    const body: unknown = request.method === 'DELETE' ? null : await request.clone().json()
    sent.push({ call: `${request.method} ${new URL(request.url).pathname}`, body })
    return body
  }
  server.use(
    http.put('*/api/startup/tasks/:id', async ({ params, request }) => {
      const task = find(params.id)
      Object.assign(task, (await record(request)) as Partial<Task>)
      return HttpResponse.json(task)
    }),
    http.delete('*/api/startup/tasks/:id', async ({ params, request }) => {
      await record(request)
      market.tasks = market.tasks.filter((t) => t._id !== params.id)
      return HttpResponse.json({ message: 'Task withdrawn' })
    }),
    http.post('*/api/startup/tasks/:id/close', async ({ params, request }) => {
      const task = find(params.id)
      const { reason } = (await record(request)) as { reason: string }
      Object.assign(task, { status: 'closed', displayStatus: 'closed', closedReason: reason, closedAt: '2029-12-03T00:00:00Z' })
      return HttpResponse.json(task)
    }),
    http.post('*/api/startup/tasks/:id/repost', async ({ params, request }) => {
      const old = find(params.id)
      const owner = { _id: old.startup!._id, companyName: old.startup!.companyName ?? '', email: old.startup!.email }
      return HttpResponse.json(
        makeTask(owner, { ...old, ...((await record(request)) as Partial<Task>), status: 'open', displayStatus: 'open', submissions: [] }),
        { status: 201 },
      )
    }),
  )
})

function scene(overrides: Partial<Task> = {}) {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' })
  const task = makeTask(startup.user, { title: 'Landing page', deadline: '2030-01-15T00:00:00Z', ...overrides })
  return { startup, task }
}

const bodies = (method: string, path: string) => sent.filter((s) => s.call === `${method} ${path}`).map((s) => s.body)

describe('task controls on My Works', () => {
  it('offer Edit, Close and Withdraw on a running task nobody submitted to, and Repost once it ended', async () => {
    const { startup } = scene()
    const taken = makeTask(startup.user, { title: 'Logo' })
    makeSubmission(taken, seedAccount({ userType: 'student', firstName: 'Rosa' }).user)
    makeTask(startup.user, { title: 'Old survey', status: 'closed', displayStatus: 'closed' })
    await renderApp('/startup/tasks', { as: startup.user })
    const open = await screen.findByRole('group', { name: 'Manage Landing page' })
    expect(within(open).getByRole('link', { name: 'Edit Landing page' })).toHaveAttribute('href', expect.stringContaining('/startup/post-work?edit='))
    expect(within(open).getByRole('button', { name: 'Close Landing page' })).toBeInTheDocument()
    expect(within(open).getByRole('button', { name: 'Withdraw Landing page' })).toBeInTheDocument()
    const submitted = screen.getByRole('group', { name: 'Manage Logo' })
    expect(within(submitted).queryByRole('button', { name: 'Withdraw Logo' })).not.toBeInTheDocument()
    const ended = screen.getByRole('group', { name: 'Manage Old survey' })
    expect(within(ended).getByRole('link', { name: 'Repost Old survey' })).toHaveAttribute(
      'href',
      expect.stringContaining('/startup/post-work?repost='),
    )
    expect(within(ended).queryByRole('link', { name: 'Edit Old survey' })).not.toBeInTheDocument()
    expect(within(ended).queryByRole('button', { name: 'Close Old survey' })).not.toBeInTheDocument()
  })

  it('Close asks for a reason in a labelled field, refuses a blank one, and sends it trimmed', async () => {
    const { startup, task } = scene()
    makeSubmission(task, seedAccount({ userType: 'student', firstName: 'Rosa' }).user)
    const { events } = await renderApp('/startup/tasks', { as: startup.user })
    await events.click(await screen.findByRole('button', { name: 'Close Landing page' }))
    const dialog = screen.getByRole('dialog', { name: "Close 'Landing page'?" })
    expect(dialog).toHaveAccessibleDescription(/the student whose work is still open will be told why/)
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for closing' })
    expect(reason).toHaveFocus()
    await events.click(within(dialog).getByRole('button', { name: 'Close task' }))
    expect(reason).toHaveAccessibleDescription('Say why you are closing this task')
    expect(bodies('POST', `/api/startup/tasks/${task._id}/close`)).toEqual([])
    await events.type(reason, '  We hired in house.  ')
    await events.click(within(dialog).getByRole('button', { name: 'Close task' }))
    expect(await screen.findByText('Task closed')).toBeInTheDocument()
    expect(bodies('POST', `/api/startup/tasks/${task._id}/close`)).toEqual([{ reason: 'We hired in house.' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByRole('link', { name: 'Repost Landing page' })).toBeInTheDocument()
  })

  it('Withdraw asks first, and Keep it changes nothing', async () => {
    const { startup, task } = scene()
    const { events } = await renderApp('/startup/tasks', { as: startup.user })
    await events.click(await screen.findByRole('button', { name: 'Withdraw Landing page' }))
    await events.click(within(screen.getByRole('dialog', { name: "Withdraw 'Landing page'?" })).getByRole('button', { name: 'Keep it' }))
    expect(bodies('DELETE', `/api/startup/tasks/${task._id}`)).toEqual([])
    await events.click(screen.getByRole('button', { name: 'Withdraw Landing page' }))
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw task' }))
    expect(await screen.findByText('Task withdrawn')).toBeInTheDocument()
    expect(bodies('DELETE', `/api/startup/tasks/${task._id}`)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Manage Landing page' })).not.toBeInTheDocument())
  })
})

describe('the post form for a task', () => {
  it('edits: filled from the task, without the terms fixed at posting, saved with PUT, then the task page', async () => {
    const { startup, task } = scene({ skills: ['React', 'CSS'], budget: { min: 100, max: 300 } })
    const { events, router } = await renderApp(`/startup/post-work?edit=${task._id}`, { as: startup.user })
    const form = await screen.findByRole('form', { name: 'Edit Work' })
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Landing page')
    expect(within(form).getByLabelText(/^Skills/)).toHaveValue('React, CSS')
    expect(within(form).queryByLabelText(/^Paid places/)).not.toBeInTheDocument()
    expect(within(form).queryByLabelText(/^Currency/)).not.toBeInTheDocument()
    const deadline = within(form).getByLabelText(/^Deadline/)
    expect(deadline).toHaveValue('2030-01-15')
    await events.clear(deadline)
    await events.type(deadline, '2030-02-01')
    await events.click(within(form).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Changes saved')).toBeInTheDocument()
    const [body] = bodies('PUT', `/api/startup/tasks/${task._id}`) as Array<Record<string, unknown>>
    expect(body).toMatchObject({ title: 'Landing page', deadline: '2030-02-01', skills: ['React', 'CSS'], budget: { min: 100, max: 300 } })
    expect(body).not.toHaveProperty('seats')
    await waitFor(() => expect(router.location.pathname).toBe(`/startup/tasks/${task._id}`))
  })

  it('reposts: filled from the ended task but for its deadline, which the startup picks', async () => {
    const { startup, task } = scene({ status: 'closed', displayStatus: 'closed' })
    const { events, router } = await renderApp(`/startup/post-work?repost=${task._id}`, { as: startup.user })
    const form = await screen.findByRole('form', { name: 'Repost Work' })
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Landing page')
    const deadline = within(form).getByLabelText(/^Deadline/)
    expect(deadline).toHaveValue('')
    await events.click(within(form).getByRole('button', { name: 'Repost Work' }))
    expect(deadline).toHaveAccessibleDescription('Deadline is required')
    await events.type(deadline, '2030-03-01')
    await events.click(within(form).getByRole('button', { name: 'Repost Work' }))
    expect(await screen.findByText('Work reposted!')).toBeInTheDocument()
    expect(bodies('POST', `/api/startup/tasks/${task._id}/repost`)).toEqual([
      expect.objectContaining({ title: 'Landing page', deadline: '2030-03-01' }),
    ])
    await waitFor(() => expect(router.location.pathname).not.toContain('post-work'))
  })
})
