import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TASK_ALERT_REFETCH_SPREAD_MS } from '@/config/realtime'
import { seedAccount } from '@/testing/mocks/db'
import { addNotification, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { renderApp } from '@/testing/test-utils'

// task.alert reaches every student whose saved search a new task matches, thousands in the same
// second: the toast is immediate, the lists the task changes refetch after a random wait.

beforeEach(() => resetMarket())
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/**
 * The GETs the app made since `from` (an index into market.requests), as path and scope; not the
 * session check, nor how the deployment pays, which the first task card on screen asks once a load.
 */
const getsSince = (from: number) =>
  market.requests
    .slice(from)
    .filter((r) => r.method === 'GET' && r.url.pathname !== '/api/me' && r.url.pathname !== '/api/payments/provider')
    .map((r) => r.url.pathname + (r.url.searchParams.has('scope') ? `?scope=${r.url.searchParams.get('scope')}` : ''))

/** Lets any refetch an event started reach the mock server before counting requests. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)))

/**
 * From here the test moves setTimeout (real time still moves it too, so the app's short timers
 * run), and the alert's random wait is the longest the spread allows.
 */
function holdTheWait() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
  vi.spyOn(Math, 'random').mockReturnValue(0.999)
}

async function signedInAt(url: string) {
  const student = seedAccount({ userType: 'student' }).user
  const startup = seedAccount({ userType: 'startup' }).user
  const view = await renderApp(url, { as: student })
  await waitFor(() => expect(isConnected(student._id)).toBe(true))
  return { ...view, student, startup }
}

const toastOf = (title: string) => `New task matching your saved search: "${title}"`

describe('task.alert', () => {
  it('toasts at once, and the open list on /tasks refetches once, only after the random wait', async () => {
    const { student, startup } = await signedInAt('/tasks')
    const available = await screen.findByRole('region', { name: 'Available Tasks' })
    await within(available).findByText('No available tasks at the moment')
    holdTheWait()
    const task = makeTask(startup, { title: 'Logo for a bakery' })
    const from = market.requests.length
    act(() => pushEvent(student._id, 'task.alert', { taskId: task._id, title: task.title, savedSearchId: 'ss1' }))

    expect(await screen.findByText(toastOf(task.title))).toBeInTheDocument()
    await settle()
    expect(getsSince(from)).toEqual([])

    await act(() => vi.advanceTimersByTimeAsync(TASK_ALERT_REFETCH_SPREAD_MS))
    expect(await within(available).findByRole('article', { name: task.title })).toBeInTheDocument()
    await settle()
    expect(getsSince(from)).toEqual(['/api/student/tasks/all?scope=available']) // once; My Works is unchanged
  })

  it("View in the toast opens the task's page", async () => {
    const { student, startup, events, router } = await signedInAt('/tasks')
    await screen.findByRole('region', { name: 'Available Tasks' })
    const task = makeTask(startup, { title: 'Logo for a bakery' })
    act(() => pushEvent(student._id, 'task.alert', { taskId: task._id, title: task.title, savedSearchId: 'ss1' }))
    await screen.findByText(toastOf(task.title))
    await events.click(screen.getByRole('button', { name: 'View' }))
    await waitFor(() => expect(router.location.pathname).toBe(`/tasks/${task._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: task.title })).toBeInTheDocument()
  })

  it('on the dashboard: the toast and the bell at once with no request, Available Tasks and Recommended after the wait, once', async () => {
    const { student, startup } = await signedInAt('/dashboard')
    const available = await screen.findByRole('region', { name: 'Available Tasks' })
    await screen.findByRole('button', { name: 'Notifications' })
    holdTheWait()
    const task = makeTask(startup, { title: 'Poster for a festival' })
    const note = addNotification(student, `New task matching "Design": "${task.title}".`, `/tasks/${task._id}`)
    const from = market.requests.length
    // As backend/alerts sends them: the alert, then the bell's two frames.
    act(() => {
      pushEvent(student._id, 'task.alert', { taskId: task._id, title: task.title, savedSearchId: 'ss1' })
      pushEvent(student._id, 'notification.new', { _id: note._id, message: note.message, link: note.link, read: false, createdAt: note.createdAt })
      pushEvent(student._id, 'notification.count', { unread: 1 })
    })

    expect(await screen.findByText(toastOf(task.title))).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    await settle()
    expect(getsSince(from)).toEqual([])

    await act(() => vi.advanceTimersByTimeAsync(TASK_ALERT_REFETCH_SPREAD_MS))
    expect(await within(available).findByText(task.title)).toBeInTheDocument()
    await settle()
    // The dashboard's Recommended for you reads again with it: a task that matches a saved search
    // is one it may rank (docs/matching.md).
    expect(getsSince(from).sort()).toEqual(['/api/student/dashboard', '/api/student/recommended'])
  })
})
