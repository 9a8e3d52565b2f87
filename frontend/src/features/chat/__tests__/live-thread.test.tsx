import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { Toaster } from '@/lib/notify'
import { queryKeys } from '@/lib/query-keys'
import { useLiveStore } from '@/lib/realtime/live-store'
import { RealtimeProvider } from '@/lib/realtime/realtime-provider'
import { seedAccount } from '@/testing/mocks/db'
import { dropAllSockets, pushEvent } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { createTestQueryClient } from '@/testing/test-utils'
import type { ChatMessage } from '../api/types'
import { registerChatRealtime } from '../realtime'

// Chat's handlers on the shared socket: live messages and the catch-up after a reconnect.
registerChatRealtime()

const message = (id: string, sender: string, receiver: string): ChatMessage => ({
  _id: id,
  sender,
  receiver,
  content: `message ${id}`,
  createdAt: '2025-01-01T00:00:00Z',
  readAt: null,
  attachments: [],
})

/** Shows a thread from the cache, as a chat screen would. */
function Thread({ partnerId }: { partnerId: string }) {
  const thread = useQuery({
    queryKey: queryKeys.chat.thread(partnerId),
    queryFn: () => api.get<ChatMessage[]>(`/chat/${partnerId}`),
  })
  return (
    <ul aria-label="thread">
      {thread.data?.map((m) => (
        <li key={m._id}>{m.content}</li>
      ))}
    </ul>
  )
}

function setup() {
  const { user, token } = seedAccount({ userType: 'student' })
  useAuthStore.getState().login({ token, user })
  const partner = seedAccount({ userType: 'startup' }).user
  const queryClient = createTestQueryClient()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <Thread partnerId={partner._id} />
      </RealtimeProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, user, token, partner, queryClient }
}

describe('RealtimeProvider', () => {
  it('puts chat messages into the open thread as they arrive, once each', async () => {
    server.use(http.get('*/api/chat/:userId', () => HttpResponse.json([])))
    const { user, partner } = setup()
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    act(() => {
      pushEvent(user._id, 'chat.message', message('0193a000-0000-7000-8000-000000000001', partner._id, user._id))
      pushEvent(user._id, 'chat.message', message('0193a000-0000-7000-8000-000000000001', partner._id, user._id))
    })
    expect(await screen.findByText('message 0193a000-0000-7000-8000-000000000001')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })

  it('shows "Reconnecting…" when the socket drops, then catches up with ?after= and hides it', async () => {
    const first = message('0193a000-0000-7000-8000-000000000001', 'x', 'y')
    const missed = message('0193a000-0000-7000-8000-000000000002', 'x', 'y')
    const afters: string[] = []
    server.use(
      http.get('*/api/chat/:userId', ({ request }) => {
        const after = new URL(request.url).searchParams.get('after')
        if (!after) return HttpResponse.json([first])
        afters.push(after)
        return HttpResponse.json(after === first._id ? [missed] : [])
      }),
    )
    setup()
    expect(await screen.findByText('message 0193a000-0000-7000-8000-000000000001')).toBeInTheDocument()
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))

    act(() => dropAllSockets())
    expect(await screen.findByRole('status')).toHaveTextContent('Reconnecting…')
    // The provider reconnects by itself (after a jittered backoff) and fills the gap.
    expect(await screen.findByText('message 0193a000-0000-7000-8000-000000000002', {}, { timeout: 5000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument())
    expect(afters).toContain(first._id)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })
})
