import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { chatDb, chatHandlers, resetChatDb, seedThread } from '@/testing/mocks/chat'
import { seedAccount } from '@/testing/mocks/db'
import { server } from '@/testing/mocks/server'
import { getMessagesAfter } from '../api/get-messages-after'

beforeEach(() => resetChatDb())

describe('getMessagesAfter', () => {
  it('catches up 100 at a time, following rel="next" until a page comes without it', async () => {
    const me = seedAccount({ userType: 'student' })
    const partner = seedAccount({ userType: 'startup' }).user
    seedThread(
      partner._id,
      me.user._id,
      Array.from({ length: 250 }, (_, i) => `Update ${i + 1}`),
    )
    useAuthStore.getState().login({ token: me.token, user: me.user })
    const asked: Array<Record<string, string>> = []
    server.use(
      http.get('*/api/chat/:userId', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams))
        return undefined // answered by chatHandlers
      }),
      ...chatHandlers,
    )
    const id = (n: number) => chatDb.messages[n - 1]!._id

    const missed = await getMessagesAfter(partner._id, id(1))
    expect(missed.map((m) => m.content)).toEqual(Array.from({ length: 249 }, (_, i) => `Update ${i + 2}`))
    expect(asked).toEqual([
      { after: id(1), per_page: '100' },
      { after: id(101), per_page: '100' },
      { after: id(201), per_page: '100' },
    ])
  })
})
