import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'
import { seedAccount } from '@/testing/mocks/db'
import { server } from '@/testing/mocks/server'
import { createTestQueryClient } from '@/testing/test-utils'
import { useThread } from '../api/get-thread'
import type { ChatMessage } from '../api/types'
import { mergeMessages } from '../lib/chat-cache'

function Thread({ partnerId }: { partnerId: string }) {
  const thread = useThread(partnerId)
  if (thread.isPending) return <p>On its way</p>
  return (
    <ul aria-label="thread">
      {thread.data?.map((m) => (
        <li key={m._id}>{m.content}</li>
      ))}
    </ul>
  )
}

describe('the thread query', () => {
  it('keeps a message a live event put in while its answer was on its way', async () => {
    const { user, token } = seedAccount({ userType: 'startup' })
    useAuthStore.getState().login({ token, user })
    const partner = seedAccount({ userType: 'student' }).user
    // The server read the thread before the partner's message was stored: its answer is empty.
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get('*/api/chat/:userId', async () => {
        await answered
        return HttpResponse.json([])
      }),
    )
    const queryClient = createTestQueryClient()
    render(
      <QueryClientProvider client={queryClient}>
        <Thread partnerId={partner._id} />
      </QueryClientProvider>,
    )
    expect(screen.getByText('On its way')).toBeInTheDocument()

    // The message's live event, as chat's handler applies it (src/features/chat/realtime.ts).
    const hello: ChatMessage = {
      _id: '0193a000-0000-7000-8000-000000000001',
      sender: partner._id,
      receiver: user._id,
      content: 'Hello',
      createdAt: '2025-01-01T00:00:00Z',
      readAt: null,
      attachments: [],
    }
    act(() => {
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.thread(partner._id), (thread) => mergeMessages(thread ?? [], [hello]))
    })
    expect(await screen.findByText('Hello')).toBeInTheDocument()

    await act(async () => answer())
    // The empty answer is merged with the cache as it is now, not as it was when the request left.
    const key = queryKeys.chat.thread(partner._id)
    await waitFor(() => expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle'))
    expect(queryClient.getQueryData(key)).toEqual([hello])
    expect(screen.getByRole('list', { name: 'thread' })).toHaveTextContent('Hello')
  })
})
