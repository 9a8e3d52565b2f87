import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, resetMarket } from '@/testing/mocks/marketplace'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

function scene() {
  const student = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const task = makeTask(startup, { title: 'Landing page' })
  const sub = makeSubmission(task, student, { link: 'https://figma.com/rosa/v1' })
  return { student, startup, task, sub }
}

// docs/marketplace.md, "A first week": decided work leaves Active Tasks, and a decision is said the
// moment it arrives.
describe('student dashboard: decisions', () => {
  it('toasts a rejection live with the note, and moves the work from Active Tasks to Past work', async () => {
    const { student, task, sub } = scene()
    await renderApp('/dashboard', { as: student })
    const active = await screen.findByRole('region', { name: 'Active Tasks' })
    await within(active).findByText('Landing page')
    expect(within(screen.getByRole('region', { name: 'Past work' })).getByText('No past work yet')).toBeInTheDocument()
    await waitFor(() => expect(isConnected(student._id)).toBe(true))

    Object.assign(sub, { status: 'rejected', reviewNotes: 'The hero needs more contrast.' })
    task.displayStatus = 'rejected'
    act(() => pushEvent(student._id, 'submission.status', { taskId: task._id, studentId: student._id, status: 'rejected', taskStatus: 'open' }))
    expect(await screen.findByText('Not selected: "Landing page"')).toBeInTheDocument()
    expect(screen.getByText('Note from the startup: The hero needs more contrast.')).toBeInTheDocument()

    const past = screen.getByRole('region', { name: 'Past work' })
    const item = await within(past).findByRole('listitem', { name: 'Landing page' })
    expect(within(item).getByText('Rejected')).toBeInTheDocument()
    expect(item).toHaveTextContent('Note from Nimbus Labs')
    expect(item).toHaveTextContent('The hero needs more contrast.')
    expect(within(active).queryByText('Landing page')).not.toBeInTheDocument()
    expect(within(active).getByText('No active tasks')).toBeInTheDocument()
  })

  it('toasts an approval live, and the work shows in Recently Completed and Past work, not Active Tasks', async () => {
    const { student, task, sub } = scene()
    await renderApp('/dashboard', { as: student })
    const active = await screen.findByRole('region', { name: 'Active Tasks' })
    await within(active).findByText('Landing page')
    await waitFor(() => expect(isConnected(student._id)).toBe(true))

    sub.status = 'approved'
    Object.assign(task, { status: 'completed', displayStatus: 'completed', completedAt: '2029-12-05T00:00:00Z' })
    act(() => pushEvent(student._id, 'submission.status', { taskId: task._id, studentId: student._id, status: 'approved', taskStatus: 'completed' }))
    expect(await screen.findByText('Approved: "Landing page"')).toBeInTheDocument()
    expect(await within(screen.getByRole('region', { name: 'Recently Completed' })).findByText('Landing page')).toBeInTheDocument()
    expect(within(active).queryByText('Landing page')).not.toBeInTheDocument()
    // Completed work is past work too: never "No past work yet" beside a completed task.
    const past = screen.getByRole('region', { name: 'Past work' })
    const item = await within(past).findByRole('listitem', { name: 'Landing page' })
    expect(within(item).getByText('Approved')).toBeInTheDocument()
    expect(within(past).queryByText('No past work yet')).not.toBeInTheDocument()
  })

  it("does not toast another student's decision", async () => {
    const { student, task } = scene()
    await renderApp('/dashboard', { as: student })
    await screen.findByRole('region', { name: 'Active Tasks' })
    await waitFor(() => expect(isConnected(student._id)).toBe(true))
    act(() => pushEvent(student._id, 'submission.status', { taskId: task._id, studentId: 'someone-else', status: 'rejected', taskStatus: 'open' }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.queryByText(/Not selected/)).not.toBeInTheDocument()
  })

  it('keeps a rejected task out of Active Tasks even when the server lists it there', async () => {
    const { student, task, sub } = scene()
    Object.assign(sub, { status: 'rejected', reviewNotes: '' })
    task.displayStatus = 'rejected'
    await renderApp('/dashboard', { as: student })
    const past = await screen.findByRole('region', { name: 'Past work' })
    const item = await within(past).findByRole('listitem', { name: 'Landing page' })
    expect(item).toHaveTextContent('No note from the startup.')
    expect(within(screen.getByRole('region', { name: 'Active Tasks' })).getByText('No active tasks')).toBeInTheDocument()
  })
})

describe('student dashboard: greeting', () => {
  it('says Welcome on the first visit and Welcome back after', async () => {
    const { student } = scene()
    const { unmount } = await renderApp('/dashboard', { as: student })
    expect(await screen.findByText(/^Welcome, Rosa\./)).toBeInTheDocument()
    unmount()
    await renderApp('/dashboard', { as: student })
    expect(await screen.findByText(/^Welcome back, Rosa\./)).toBeInTheDocument()
  })
})
