import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TASK_ALERT_REFETCH_SPREAD_MS } from '@/config/realtime'
import type { ChatPartner } from '@/features/chat/api/types'
import { useTypingStore } from '@/features/chat/lib/typing'
import type { Bell, Notification } from '@/features/notifications/api/get-notifications'
import { queryKeys } from '@/lib/query-keys'
import { catchUp, routeEvent } from '@/lib/realtime/registry'
import { registerRealtimeHandlers } from '../realtime'

beforeAll(registerRealtimeHandlers)
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function cacheWith(keys: ReadonlyArray<readonly unknown[]>) {
  const client = new QueryClient()
  for (const key of keys) client.setQueryData(key, { cached: true })
  return client
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated

describe('routeEvent', () => {
  it.each([
    ['submission.status', [queryKeys.tasks.student, queryKeys.dashboard.student], [queryKeys.notifications.list('student')]],
    ['task.updated', [queryKeys.tasks.startup, queryKeys.tasks.detail('t1'), queryKeys.dashboard.startup], [queryKeys.chat.conversations]],
    // A payment moved: the payments, the work screens showing it, and the startup's record.
    [
      'payment.updated',
      [
        queryKeys.payments.list({ page: 1 }),
        queryKeys.payments.detail('p1'),
        queryKeys.tasks.page('t1', 'me'),
        queryKeys.dashboard.student,
        queryKeys.startups.detail('s1'),
      ],
      [queryKeys.chat.conversations, queryKeys.notifications.list('student'), queryKeys.paymentProvider],
    ],
    // Stale at once; refetched later, if on screen (below).
    [
      'task.alert',
      [queryKeys.tasks.studentList('available', {}), queryKeys.tasks.studentList('available', { page: 2 }), queryKeys.dashboard.student],
      [queryKeys.tasks.studentList('mine', {}), queryKeys.savedSearches, queryKeys.notifications.list('student')],
    ],
  ])('%s refreshes what it changes and nothing else', (type, changed, untouched) => {
    const client = cacheWith([...changed, ...untouched])
    routeEvent(client, { type, data: {} }, 'me')
    for (const key of changed) expect(stale(client, key), JSON.stringify(key)).toBe(true)
    for (const key of untouched) expect(stale(client, key), JSON.stringify(key)).toBe(false)
  })

  it('presence updates the online dot in every cached partner list', () => {
    const client = new QueryClient()
    const partner = { _id: 'p1', online: false } as ChatPartner
    client.setQueryData(queryKeys.chat.partners('student'), [partner])
    routeEvent(client, { type: 'presence', data: { userId: 'p1', online: true } }, 'me')
    expect(client.getQueryData<ChatPartner[]>(queryKeys.chat.partners('student'))![0]!.online).toBe(true)
  })

  it('typing only counts when it is to me', () => {
    routeEvent(new QueryClient(), { type: 'chat.typing', data: { from: 'p1', to: 'someone-else' } }, 'me')
    expect(useTypingStore.getState().typingUntil.p1).toBeUndefined()
    routeEvent(new QueryClient(), { type: 'chat.typing', data: { from: 'p1', to: 'me' } }, 'me')
    expect(useTypingStore.getState().typingUntil.p1).toBeGreaterThan(Date.now())
  })

  it('a message from a partner not in the conversation list refetches the list', () => {
    const client = cacheWith([])
    client.setQueryData(queryKeys.chat.conversations, [])
    routeEvent(client, { type: 'chat.message', data: { _id: '1', sender: 'new', receiver: 'me', content: 'hi', createdAt: '', readAt: null } }, 'me')
    expect(stale(client, queryKeys.chat.conversations)).toBe(true)
  })
})

const note = (id: string, createdAt: string): Notification => ({ _id: id, message: `Note ${id}`, read: false, createdAt })
const bellOf = (client: QueryClient, role = 'student') => client.getQueryData<Bell>(queryKeys.notifications.list(role))

describe('the bell in the cache', () => {
  it('notification.new puts the notification in the cached bell, newest first, once, with no refetch', () => {
    const client = new QueryClient()
    const older = note('a', '2029-12-03T09:00:00Z')
    client.setQueryData<Bell>(queryKeys.notifications.list('student'), { items: [older], unread: 1 })
    const fresh = note('b', '2029-12-03T10:00:00.5Z')
    routeEvent(client, { type: 'notification.new', data: fresh }, 'me')
    routeEvent(client, { type: 'notification.new', data: fresh }, 'me') // already listed: nothing changes
    expect(bellOf(client)).toEqual({ items: [fresh, older], unread: 2 })
    expect(stale(client, queryKeys.notifications.list('student'))).toBe(false)
  })

  it('task.alert puts its notification in the cached bell and counts it, with no refetch', () => {
    const client = new QueryClient()
    const older = note('a', '2029-12-03T09:00:00Z')
    client.setQueryData<Bell>(queryKeys.notifications.list('student'), { items: [older], unread: 1 })
    const fresh = note('b', '2029-12-03T10:00:00Z')
    const data = { taskId: 't1', title: 'Logo', savedSearchId: 's1', notification: fresh }
    routeEvent(client, { type: 'task.alert', data }, 'me')
    routeEvent(client, { type: 'task.alert', data }, 'me') // the same frame again: nothing changes
    expect(bellOf(client)).toEqual({ items: [fresh, older], unread: 2 })
    expect(stale(client, queryKeys.notifications.list('student'))).toBe(false)
  })

  it('notification.new keeps the bell to its 50 newest and leaves an uncached bell unasked', () => {
    const client = new QueryClient()
    const items = Array.from({ length: 50 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2029, 11, 3, 9, 59 - i)).toISOString()))
    client.setQueryData<Bell>(queryKeys.notifications.list('student'), { items, unread: 70 })
    routeEvent(client, { type: 'notification.new', data: note('new', '2029-12-03T10:00:00Z') }, 'me')
    const bell = bellOf(client)!
    expect(bell.unread).toBe(71)
    expect(bell.items.map((n) => n._id)).toEqual(['new', ...items.slice(0, 49).map((n) => n._id)])
    expect(bellOf(client, 'startup')).toBeUndefined()
    expect(client.getQueryCache().find({ queryKey: queryKeys.notifications.list('startup') })).toBeUndefined()
  })

  it('notification.count that agrees with the bell changes nothing and refetches nothing', () => {
    const client = new QueryClient()
    const bell: Bell = { items: [note('a', '2029-12-03T09:00:00Z')], unread: 1 }
    client.setQueryData(queryKeys.notifications.list('startup'), bell)
    routeEvent(client, { type: 'notification.count', data: { unread: 1 } }, 'me')
    expect(bellOf(client, 'startup')).toBe(bell)
    expect(stale(client, queryKeys.notifications.list('startup'))).toBe(false)
  })

  it('notification.count that disagrees (read in another tab) sets the badge at once and refetches that bell', () => {
    const client = new QueryClient()
    client.setQueryData<Bell>(queryKeys.notifications.list('startup'), {
      items: [note('a', '2029-12-03T09:00:00Z'), note('b', '2029-12-03T08:00:00Z')],
      unread: 2,
    })
    routeEvent(client, { type: 'notification.count', data: { unread: 1 } }, 'me')
    expect(bellOf(client, 'startup')!.unread).toBe(1)
    expect(stale(client, queryKeys.notifications.list('startup'))).toBe(true)
  })

  it.each([
    ['its first load', undefined],
    ['a refetch', { items: [], unread: 0 }],
  ])('a bell being fetched when notification.new comes fetches again (%s), as its answer may predate it', async (_, cached) => {
    const client = new QueryClient()
    const key = queryKeys.notifications.list('student')
    if (cached) client.setQueryData<Bell>(key, cached)
    const answers: Array<() => void> = []
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => new Promise<Bell>((resolve) => answers.push(() => resolve({ items: [], unread: answers.length }))),
    })
    observer.subscribe(() => {}) // loads, or refetches what is cached (stale at once)
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    routeEvent(client, { type: 'notification.new', data: note('a', '2029-12-03T09:00:00Z') }, 'me')
    answers[0]!()
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1]!()
    await vi.waitFor(() => expect(bellOf(client)).toEqual({ items: [], unread: 2 }))
  })

  it('no notification event refetches a dashboard', () => {
    const client = cacheWith([queryKeys.dashboard.student, queryKeys.dashboard.startup])
    client.setQueryData<Bell>(queryKeys.notifications.list('student'), { items: [], unread: 0 })
    routeEvent(client, { type: 'notification.new', data: note('a', '2029-12-03T09:00:00Z') }, 'me')
    routeEvent(client, { type: 'notification.count', data: { unread: 1 } }, 'me')
    expect(stale(client, queryKeys.dashboard.student)).toBe(false)
    expect(stale(client, queryKeys.dashboard.startup)).toBe(false)
  })
})

describe('task.alert refetches spread out', () => {
  /** A query on screen (it has an observer), counting its fetches. */
  async function onScreen(client: QueryClient, queryKey: QueryKey) {
    let fetches = 0
    const observer = new QueryObserver(client, { queryKey, queryFn: async () => ++fetches })
    observer.subscribe(() => {})
    await vi.waitFor(() => expect(fetches).toBe(1))
    return () => fetches - 1 // the first load does not count
  }
  const alert = (client: QueryClient) => routeEvent(client, { type: 'task.alert', data: { taskId: 't1', title: 'Logo', savedSearchId: 's1' } }, 'me')

  it('refetches the open lists on screen once, only when the random wait is over', async () => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const client = new QueryClient()
    const available = await onScreen(client, queryKeys.tasks.studentList('available', {}))
    const dashboard = await onScreen(client, queryKeys.dashboard.student)
    const mine = await onScreen(client, queryKeys.tasks.studentList('mine', {}))
    alert(client)
    alert(client) // a second post within the wait: still one fetch
    await vi.advanceTimersByTimeAsync(TASK_ALERT_REFETCH_SPREAD_MS / 2 - 1)
    expect([available(), dashboard()]).toEqual([0, 0])
    await vi.advanceTimersByTimeAsync(TASK_ALERT_REFETCH_SPREAD_MS)
    expect([available(), dashboard(), mine()]).toEqual([1, 1, 0])
  })

  it('fetches nothing more when a resync refetched the lists within the wait', async () => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(0.9)
    const client = new QueryClient()
    const available = await onScreen(client, queryKeys.tasks.studentList('available', {}))
    alert(client)
    await catchUp(client)
    expect(available()).toBe(1)
    await vi.advanceTimersByTimeAsync(TASK_ALERT_REFETCH_SPREAD_MS)
    expect(available()).toBe(1)
  })

  it('refetches a list that was loading when the alert came, as its answer may predate the task', async () => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const client = new QueryClient()
    const answers: Array<() => void> = []
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.tasks.studentList('available', {}),
      queryFn: () => new Promise<number>((resolve) => answers.push(() => resolve(answers.length))),
    })
    observer.subscribe(() => {})
    alert(client)
    answers[0]!() // answered after the alert came: it may not list the task
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toHaveLength(2)
  })
})
