import { QueryClient } from '@tanstack/react-query'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ChatPartner } from '@/features/chat/api/types'
import { useTypingStore } from '@/features/chat/lib/typing'
import { queryKeys } from '@/lib/query-keys'
import { routeEvent } from '@/lib/realtime/registry'
import { registerRealtimeHandlers } from '../realtime'

beforeAll(registerRealtimeHandlers)

function cacheWith(keys: ReadonlyArray<readonly unknown[]>) {
  const client = new QueryClient()
  for (const key of keys) client.setQueryData(key, { cached: true })
  return client
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated

describe('routeEvent', () => {
  it.each([
    ['notification.new', [queryKeys.notifications.list('student'), queryKeys.dashboard.student], [queryKeys.tasks.student]],
    ['notification.count', [queryKeys.notifications.list('startup'), queryKeys.dashboard.startup], [queryKeys.tasks.startup]],
    ['submission.status', [queryKeys.tasks.student, queryKeys.dashboard.student], [queryKeys.notifications.list('student')]],
    ['task.updated', [queryKeys.tasks.startup, queryKeys.tasks.detail('t1'), queryKeys.dashboard.startup], [queryKeys.chat.conversations]],
    ['task.alert', [queryKeys.tasks.list({ scope: 'public' }), queryKeys.tasks.studentList('available', {})], [queryKeys.savedSearches, queryKeys.notifications.list('student')]],
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
