import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { addNotification, makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { renderApp } from '@/testing/test-utils'

// The bell's live events as the server sends them (backend/notify, Announce): notification.new
// with the notification, then notification.count with the unread count; a task alert's
// notification rides in its task.alert frame instead (backend/alerts), which one post sends to
// thousands of students at once. None of them sends the tab back to the server for the bell.

beforeEach(() => resetMarket())

type Stored = ReturnType<typeof addNotification>

/** A notification as the frame carries it (backend/notify, ToJSON). */
const frame = ({ userId: _owner, ...notification }: Stored) => notification

/** The GETs the app made since `from` (an index into market.requests) to paths matching `path`. */
const getsSince = (from: number, path: RegExp) =>
  market.requests
    .slice(from)
    .filter((r) => r.method === 'GET' && path.test(r.url.pathname))
    .map((r) => r.url.pathname)

/** Lets any refetch an event started reach the mock server before counting requests. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)))

/** A student on their dashboard with the bell open on one notification, the socket connected. */
async function studentWithOpenBell() {
  const student = seedAccount({ userType: 'student' }).user
  addNotification(student, 'Your submission for "Docs" is under review.', '/student/dashboard')
  const { events } = await renderApp('/dashboard', { as: student })
  await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
  await waitFor(() => expect(isConnected(student._id)).toBe(true))
  return { student, from: market.requests.length }
}

/** The texts of the open bell's items, top first. */
const bellItems = () =>
  within(screen.getByRole('region', { name: 'Unread notifications' }))
    .getAllByRole('listitem')
    // eslint-disable-next-line testing-library/no-node-access -- an item's text, without its time and actions
    .map((li) => li.querySelector('p')?.textContent)

describe('the bell live', () => {
  it('notification.new and notification.count reach the open bell and its badge with no request', async () => {
    const { student, from } = await studentWithOpenBell()

    const approved = addNotification(student, 'Your submission for "Poster" was approved.', '/certificates')
    approved.createdAt = '2029-12-03T11:00:00Z'
    act(() => {
      pushEvent(student._id, 'notification.new', frame(approved))
      pushEvent(student._id, 'notification.count', { unread: 2 })
    })

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument()
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2')
    expect(bellItems()).toEqual([approved.message, 'Your submission for "Docs" is under review.'])
    await settle()
    expect(getsSince(from, /notifications|dashboard/)).toEqual([])
  })

  it("an alert's task.alert frame puts its notification in the open bell and counts it, asking nothing for the bell", async () => {
    const { student, from } = await studentWithOpenBell()

    const alert = addNotification(student, 'New task matching "Design": "Poster".', '/tasks?search=Poster')
    alert.createdAt = '2029-12-03T11:00:00Z'
    act(() => pushEvent(student._id, 'task.alert', { taskId: 't1', title: 'Poster', savedSearchId: 's1', notification: frame(alert) }))

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument()
    expect(bellItems()).toEqual([alert.message, 'Your submission for "Docs" is under review.'])
    await settle()
    // The open task lists refetch later, spread out (features/tasks/realtime.ts); the bell never.
    expect(getsSince(from, /notifications/)).toEqual([])
  })

  it('a count that disagrees with the bell (an item read in another tab) takes the badge and refetches the list', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    const readElsewhere = addNotification(startup, 'Asha submitted a link.')
    addNotification(startup, 'Ravi submitted a link.')
    const { events } = await renderApp('/dashboard', { as: startup })
    await events.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }))
    await waitFor(() => expect(isConnected(startup._id)).toBe(true))
    const from = market.requests.length

    readElsewhere.read = true
    act(() => pushEvent(startup._id, 'notification.count', { unread: 1 }))

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    const panel = screen.getByRole('region', { name: 'Unread notifications' })
    await waitFor(() => expect(within(panel).queryByText('Asha submitted a link.')).not.toBeInTheDocument())
    expect(within(panel).getByText('Ravi submitted a link.')).toBeInTheDocument()
    expect(getsSince(from, /notifications/)).toEqual(['/api/startup/notifications'])
  })

  it("a submission's frames refetch the startup's dashboard once, and the bell takes its notification with no request", async () => {
    const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
    const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    const task = makeTask(startup, { title: 'Logo for a bakery' })
    await renderApp('/dashboard', { as: startup })
    const submissions = await screen.findByRole('region', { name: 'Submissions' })
    await within(submissions).findByText('No submissions yet.')
    await waitFor(() => expect(isConnected(startup._id)).toBe(true))
    const from = market.requests.length

    // As backend/tasks Submit sends them, after the commit.
    makeSubmission(task, student)
    const note = addNotification(startup, 'Asha Verma submitted "Logo for a bakery".', `/startup/tasks/${task._id}`)
    act(() => {
      pushEvent(startup._id, 'notification.new', frame(note))
      pushEvent(startup._id, 'notification.count', { unread: 1 })
      pushEvent(startup._id, 'task.updated', { taskId: task._id, status: 'submitted', displayStatus: 'open' })
    })

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    expect(await within(submissions).findByText('Logo for a bakery')).toBeInTheDocument()
    await settle()
    expect(getsSince(from, /notifications|dashboard/)).toEqual(['/api/startup/dashboard'])
  })
})
