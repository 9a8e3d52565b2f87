import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

function scene() {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' })
  const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
  const task = makeTask(startup.user, { title: 'Design a logo' })
  const sub = makeSubmission(task, student, { link: 'https://dribbble.com/asha/logo' })
  return { startup, student, task, sub }
}

const posted = (path: string) => market.requests.filter((r) => r.method === 'POST' && r.url.pathname === path).map((r) => r.body)

describe('request changes', () => {
  it('asks for notes, posts them, and shows the submission waiting for changes', async () => {
    const { startup, student, task } = scene()
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    await events.click(await screen.findByRole('button', { name: "Request changes on Asha Verma's submission" }))
    const dialog = screen.getByRole('dialog', { name: 'Request changes' })
    const notes = within(dialog).getByLabelText('Notes for the student')
    expect(notes).toHaveFocus()
    expect(notes).toHaveAttribute('maxlength', '1000')

    // Notes are required: nothing is sent without them.
    await events.click(within(dialog).getByRole('button', { name: 'Send request' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Review notes are required to request changes')
    expect(notes).toHaveAttribute('aria-invalid', 'true')
    expect(posted(`/api/startup/tasks/${task._id}/request-changes`)).toEqual([])

    await events.type(notes, 'Use the brand colours')
    await events.click(within(dialog).getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Changes requested')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/request-changes`)).toEqual([
      { studentId: student._id, reviewNotes: 'Use the brand colours', revision: 1 },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const item = screen.getByRole('listitem', { name: "Asha Verma's submission" })
    expect(await within(item).findByText('Notes: Use the brand colours')).toBeInTheDocument()
    expect(within(item).getByText('Changes requested')).toBeInTheDocument()
    expect(within(item).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument()
  })

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { startup, task } = scene()
    const message = 'This submission has used all 3 revision rounds of this task: approve or reject it.'
    server.use(http.post('*/api/startup/tasks/:id/request-changes', () => HttpResponse.json({ message, code: 'conflict' }, { status: 409 })))
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    await events.click(await screen.findByRole('button', { name: "Request changes on Asha Verma's submission" }))
    const dialog = screen.getByRole('dialog', { name: 'Request changes' })
    await events.type(within(dialog).getByLabelText('Notes for the student'), 'Again please')
    await events.click(within(dialog).getByRole('button', { name: 'Send request' }))
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    // Escape closes it.
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('approve', () => {
  it('asks first; Cancel sends nothing, and keeping the task open is sent as closeTask false', async () => {
    const { startup, student, task } = scene()
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    const approve = await screen.findByRole('button', { name: "Approve Asha Verma's submission" })
    await events.click(approve)
    let dialog = screen.getByRole('dialog', { name: "Approve Asha Verma's work on 'Design a logo'?" })
    expect(within(dialog).getByRole('radio', { name: /Close the task/ })).toBeChecked()
    expect(within(dialog).getByText(/This task was filled/)).toBeInTheDocument()
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(approve).toHaveFocus()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([])

    await events.click(approve)
    dialog = screen.getByRole('dialog', { name: "Approve Asha Verma's work on 'Design a logo'?" })
    await events.click(within(dialog).getByRole('radio', { name: 'Keep the task open for more students' }))
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: '', closeTask: false, revision: 1 },
    ])
  })

  it('says an assigned task closes with the approval', async () => {
    const { startup, student, task } = scene()
    task.assignedStudent = { _id: student._id, id: student._id, firstName: 'Asha', lastName: 'Verma' }
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    await events.click(await screen.findByRole('button', { name: "Approve Asha Verma's submission" }))
    const dialog = screen.getByRole('dialog', { name: "Approve Asha Verma's work on 'Design a logo'?" })
    expect(dialog).toHaveTextContent('This task is assigned to Asha Verma: it closes with this approval.')
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument()
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: '', closeTask: true, revision: 1 },
    ])
  })
})

describe('a review gone stale', () => {
  it('says so when the student replaces the link under an open dialog, and decides nothing', async () => {
    const { startup, task, sub } = scene()
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    await events.click(await screen.findByRole('button', { name: "Approve Asha Verma's submission" }))
    const dialog = screen.getByRole('dialog', { name: "Approve Asha Verma's work on 'Design a logo'?" })
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()

    // The student sends a new link; the server tells the startup's tab the task changed.
    await waitFor(() => expect(isConnected(startup.user._id)).toBe(true))
    sub.revisions = [{ revision: 1, link: sub.link, status: 'replaced', reviewNotes: '', submittedAt: sub.submittedAt, reviewedAt: null }]
    Object.assign(sub, { revision: 2, link: 'https://evil.example.com/swapped' })
    sub.revisions.push({ revision: 2, link: sub.link, status: 'pending', reviewNotes: '', submittedAt: '2029-12-04T00:00:00Z', reviewedAt: null })
    act(() => pushEvent(startup.user._id, 'task.updated', { taskId: task._id, status: 'submitted', displayStatus: 'open' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This submission changed since you opened it: review revision 2')
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled()
    expect(await screen.findByText('link changed')).toBeInTheDocument()
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([])

    // Opened again, the dialog decides on the revision now shown.
    await events.click(screen.getByRole('button', { name: "Approve Asha Verma's submission" }))
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: sub.student?._id, approve: true, reviewNotes: '', closeTask: true, revision: 2 },
    ])
  })

  it("shows the server's reason when a decision meets a newer revision", async () => {
    const { startup, task, sub } = scene()
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    await events.click(await screen.findByRole('button', { name: "Reject Asha Verma's submission" }))
    Object.assign(sub, { revision: 3 }) // replaced twice, with no event reaching this tab
    const dialog = screen.getByRole('dialog')
    await events.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText('This submission changed since you opened it: review revision 3')).toBeInTheDocument()
    expect(sub.status).toBe('pending')
  })
})

describe('revisions', () => {
  it('shows the revision, the latest notes and the History timeline', async () => {
    const { startup, task, sub } = scene()
    Object.assign(sub, {
      revision: 2,
      link: 'https://dribbble.com/asha/logo-v2',
      revisions: [
        {
          revision: 1,
          link: 'https://dribbble.com/asha/logo',
          status: 'changes_requested',
          reviewNotes: 'Bigger type',
          submittedAt: '2029-12-02T10:00:00Z',
          reviewedAt: '2029-12-03T10:00:00Z',
        },
        {
          revision: 2,
          link: 'https://dribbble.com/asha/logo-v2',
          status: 'pending',
          reviewNotes: '',
          submittedAt: '2029-12-04T10:00:00Z',
          reviewedAt: null,
        },
      ],
    })
    const { events } = await renderApp(`/startup/tasks/${task._id}`, { as: startup.user })
    const item = await screen.findByRole('listitem', { name: "Asha Verma's submission" })
    expect(within(item).getByText('Revision 2')).toBeInTheDocument()
    const toggle = within(item).getByRole('button', { name: 'History (2 revisions)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await events.click(toggle)
    const timeline = within(item).getByRole('list', { name: "Revisions of Asha Verma's submission" })
    const entries = within(timeline).getAllByRole('listitem')
    expect(entries).toHaveLength(2)
    expect(entries[0]).toHaveTextContent('Revision 1')
    expect(entries[0]).toHaveTextContent('Changes requested')
    expect(entries[0]).toHaveTextContent('Notes: Bigger type')
    expect(entries[0]).toHaveTextContent('Reviewed')
    expect(within(entries[0]!).getByRole('link', { name: 'https://dribbble.com/asha/logo' })).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(entries[1]).toHaveTextContent('Revision 2')
    expect(entries[1]).toHaveTextContent('Pending')
    expect(entries[1]).not.toHaveTextContent('Reviewed')
  })

  it('shows Changes requested and Closed submissions in the submissions table with their notes', async () => {
    const { startup, task, sub } = scene()
    Object.assign(sub, { status: 'changes_requested', reviewNotes: 'Bigger type' })
    const other = seedAccount({ userType: 'student', firstName: 'Ben', lastName: 'Okoro' }).user
    makeSubmission(task, other, { status: 'closed', reviewNotes: 'This task was filled' })
    await renderApp('/startup/submissions', { as: startup.user })
    const asha = await screen.findByRole('row', { name: /Asha Verma/ })
    expect(within(asha).getAllByText('Changes requested').length).toBeGreaterThan(0)
    expect(asha).toHaveTextContent('Notes: Bigger type')
    const ben = screen.getByRole('row', { name: /Ben Okoro/ })
    expect(within(ben).getAllByText('Closed').length).toBeGreaterThan(0)
    expect(ben).toHaveTextContent('Notes: This task was filled')
  })
})

describe('rate student', () => {
  it("rates the student of approved work from the submissions table; the server's refusal shows", async () => {
    const { startup, student, task, sub } = scene()
    Object.assign(sub, { status: 'approved', ratingClosesAt: '2029-12-17T09:00:00Z' })
    const { events } = await renderApp('/startup/submissions', { as: startup.user })
    const row = await screen.findByRole('row', { name: /Asha Verma/ })
    await events.click(await within(row).findByRole('button', { name: 'Rate student: Asha Verma' }))
    const form = within(row).getByRole('form', { name: 'Rate Asha Verma' })
    await events.click(within(form).getByRole('radio', { name: '2 stars' }))
    server.use(
      http.post('*/api/ratings', () => HttpResponse.json({ message: 'You have already rated this work.', code: 'conflict' }, { status: 409 })),
    )
    await events.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('You have already rated this work.')).toBeInTheDocument()

    server.resetHandlers()
    await events.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Rating saved')).toBeInTheDocument()
    expect(posted('/api/ratings').at(-1)).toEqual({ taskId: task._id, studentId: student._id, stars: 2, comment: '' })
    expect(await within(row).findByRole('img', { name: '2 of 5 stars' })).toBeInTheDocument()
    expect(within(row).getByText('Hidden until Asha Verma rates too or 14 days pass.')).toBeInTheDocument()
  })

  it('offers no rating of work approved more than 14 days ago', async () => {
    const { startup, sub } = scene()
    Object.assign(sub, { status: 'approved', ratingClosesAt: '2020-01-15T09:00:00Z' })
    await renderApp('/startup/submissions', { as: startup.user })
    const row = await screen.findByRole('row', { name: /Asha Verma/ })
    expect(await within(row).findByText('The rating window for this work has closed')).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /Rate student/ })).not.toBeInTheDocument()
  })
})
