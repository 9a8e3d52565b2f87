import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { addGivenRating } from '@/testing/mocks/given-ratings'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

function scene() {
  const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const task = makeTask(startup, { title: 'Design onboarding' })
  const sub = makeSubmission(task, student, { link: 'https://figma.com/asha/v1' })
  return { student, startup, task, sub }
}

const requests = (method: string, path: string) => market.requests.filter((r) => r.method === method && r.url.pathname === path).map((r) => r.body)

describe('changes requested', () => {
  it('shows the notes and the link, and submits the next revision', async () => {
    const { student, task, sub } = scene()
    Object.assign(sub, {
      status: 'changes_requested',
      reviewNotes: 'Add a dark mode',
      revision: 1,
      revisions: [
        {
          revision: 1,
          link: 'https://figma.com/asha/v1',
          status: 'changes_requested',
          reviewNotes: 'Add a dark mode',
          submittedAt: '2029-12-02T10:00:00Z',
          reviewedAt: '2029-12-03T10:00:00Z',
        },
      ],
    })
    task.displayStatus = 'changes_requested'
    const { events } = await renderApp('/dashboard', { as: student })
    const active = await screen.findByRole('region', { name: 'Active Tasks' })
    const card = within(active).getByRole('listitem', { name: 'Design onboarding' })
    expect(within(card).getByText('Changes requested - see the notes')).toBeInTheDocument()
    expect(within(card).getByText('Notes: Add a dark mode')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'https://figma.com/asha/v1' })).toBeInTheDocument()

    // The link form comes in its own chunk, after the dashboard paints.
    await events.type(await within(card).findByLabelText('Link to your work for Design onboarding'), 'https://figma.com/asha/v2')
    await events.click(within(card).getByRole('button', { name: 'Submit revision 2' }))
    expect(await screen.findByText('Task submitted successfully!')).toBeInTheDocument()
    expect(requests('POST', `/api/student/tasks/${task._id}/submit-link`)).toEqual([{ link: 'https://figma.com/asha/v2' }])
    // Pending again, as revision 2, with the first round in its History.
    expect(await within(card).findByText('Link Submitted - Awaiting Review')).toBeInTheDocument()
    expect(within(card).getByText('Revision 2')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Submit revision/ })).not.toBeInTheDocument()
    await events.click(within(card).getByRole('button', { name: 'History (2 revisions)' }))
    const timeline = within(card).getByRole('list', { name: 'Revisions of your submission' })
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Notes: Add a dark mode'), expect.stringContaining('https://figma.com/asha/v2')])
  })

  it('offers the next revision on the tasks page too', async () => {
    const { student, task, sub } = scene()
    Object.assign(sub, { status: 'changes_requested', reviewNotes: 'Add a dark mode', revision: 2 })
    task.displayStatus = 'changes_requested'
    const { events } = await renderApp('/tasks', { as: student })
    const mine = await screen.findByRole('region', { name: 'Your Submitted Tasks' })
    const card = await within(mine).findByRole('article', { name: 'Design onboarding' })
    expect(within(card).getByText('Changes requested - see the notes')).toBeInTheDocument()
    expect(within(card).getByText('Notes: Add a dark mode')).toBeInTheDocument()
    await events.type(within(card).getByLabelText('Link to your work for Design onboarding'), 'https://figma.com/asha/v3')
    await events.click(within(card).getByRole('button', { name: 'Submit revision 3' }))
    expect(await screen.findByText('Link submitted successfully!')).toBeInTheDocument()
    expect(requests('POST', `/api/student/tasks/${task._id}/submit-link`)).toEqual([{ link: 'https://figma.com/asha/v3' }])
  })

  it('hears the decision live: the list refreshes and a toast names the task', async () => {
    const { student, task, sub } = scene()
    await renderApp('/dashboard', { as: student })
    const active = await screen.findByRole('region', { name: 'Active Tasks' })
    await within(active).findByText('Link Submitted - Awaiting Review')
    await waitFor(() => expect(isConnected(student._id)).toBe(true))

    Object.assign(sub, { status: 'changes_requested', reviewNotes: 'Add a dark mode' })
    task.displayStatus = 'changes_requested'
    act(() =>
      pushEvent(student._id, 'submission.status', { taskId: task._id, studentId: student._id, status: 'changes_requested', taskStatus: 'submitted' }),
    )
    expect(await screen.findByText('Changes requested on "Design onboarding"')).toBeInTheDocument()
    expect(await within(active).findByText('Notes: Add a dark mode')).toBeInTheDocument()

    Object.assign(sub, { status: 'closed', reviewNotes: 'This task was filled' })
    task.displayStatus = 'closed'
    act(() => pushEvent(student._id, 'submission.status', { taskId: task._id, studentId: student._id, status: 'closed', taskStatus: 'completed' }))
    expect(await screen.findByText('This task was filled: "Design onboarding"')).toBeInTheDocument()
    // docs/marketplace.md, "A first week": closed work leaves Active Tasks for Past work, with its
    // note.
    const past = screen.getByRole('region', { name: 'Past work' })
    expect(await within(past).findByText('Closed - this task no longer takes work')).toBeInTheDocument()
    expect(within(active).queryByText('Design onboarding')).not.toBeInTheDocument()
  })
})

describe('rate startup', () => {
  function completed() {
    const s = scene()
    Object.assign(s.sub, { status: 'approved', ratingClosesAt: '2029-12-19T00:00:00Z' })
    Object.assign(s.task, { status: 'completed', displayStatus: 'completed', completedAt: '2029-12-05T00:00:00Z' })
    return s
  }

  it('needs stars, posts the rating, then shows it hidden until the startup rates, and edits it', async () => {
    const { student, task } = completed()
    const { events } = await renderApp('/dashboard', { as: student })
    const done = await screen.findByRole('region', { name: 'Recently Completed' })
    await events.click(await within(done).findByRole('button', { name: 'Rate startup: Nimbus Labs' }))
    const form = within(done).getByRole('form', { name: 'Rate Nimbus Labs' })
    const stars = within(form).getByRole('radiogroup', { name: 'Stars for Nimbus Labs' })
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])

    await events.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars')
    expect(requests('POST', '/api/ratings')).toEqual([])

    await events.click(within(stars).getByRole('radio', { name: '4 stars' }))
    await events.type(within(form).getByLabelText('Comment (optional)'), 'Clear brief')
    await events.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Rating saved')).toBeInTheDocument()
    expect(requests('POST', '/api/ratings')).toEqual([{ taskId: task._id, studentId: student._id, stars: 4, comment: 'Clear brief' }])
    expect(await within(done).findByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument()
    expect(within(done).getByText(/edit until/)).toBeInTheDocument()
    expect(within(done).getByText('Hidden until Nimbus Labs rates too or 14 days pass.')).toBeInTheDocument()

    await events.click(within(done).getByRole('button', { name: 'Edit your rating of Nimbus Labs' }))
    const edit = within(done).getByRole('form', { name: 'Rate Nimbus Labs' })
    expect(within(edit).getByRole('radio', { name: '4 stars' })).toBeChecked()
    expect(within(edit).getByLabelText('Comment (optional)')).toHaveValue('Clear brief')
    await events.click(within(edit).getByRole('radio', { name: '5 stars' }))
    await events.click(within(edit).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Rating updated')).toBeInTheDocument()
    const put = market.requests.filter((r) => r.method === 'PUT' && r.url.pathname.startsWith('/api/ratings/'))
    expect(put.map((r) => r.body)).toEqual([{ stars: 5, comment: 'Clear brief' }])
    expect(await within(done).findByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument()
  })

  it('offers no rating once the window closed, as the server takes none', async () => {
    const { student, sub } = completed()
    sub.ratingClosesAt = '2020-01-01T00:00:00Z'
    await renderApp('/dashboard', { as: student })
    const done = await screen.findByRole('region', { name: 'Recently Completed' })
    expect(await within(done).findByText('The rating window for this work has closed')).toBeInTheDocument()
    expect(within(done).queryByRole('button', { name: /Rate startup/ })).not.toBeInTheDocument()
  })

  it('offers no edit once both rated: a visible rating is fixed, whatever the device clock says', async () => {
    const { student, startup, task } = completed()
    // The server's editableUntil is the reveal; a device clock behind it must not bring Edit back.
    addGivenRating(student._id, { taskId: task._id, rateeId: startup._id, stars: 2, visible: true, editableUntil: '2099-01-01T00:00:00Z' })
    await renderApp('/dashboard', { as: student })
    const done = await screen.findByRole('region', { name: 'Recently Completed' })
    expect(await within(done).findByRole('img', { name: '2 of 5 stars' })).toBeInTheDocument()
    expect(within(done).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(within(done).queryByText(/edit until/)).not.toBeInTheDocument()
  })

  it('shows a visible rating that can no longer change without Edit', async () => {
    const { student, startup, task } = completed()
    addGivenRating(student._id, { taskId: task._id, rateeId: startup._id, stars: 3, visible: true, editableUntil: '2020-01-01T00:00:00Z' })
    await renderApp('/dashboard', { as: student })
    const done = await screen.findByRole('region', { name: 'Recently Completed' })
    expect(await within(done).findByRole('img', { name: '3 of 5 stars' })).toBeInTheDocument()
    expect(within(done).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(within(done).queryByText(/Hidden until/)).not.toBeInTheDocument()
    expect(within(done).queryByText(/edit until/)).not.toBeInTheDocument()
  })
})
