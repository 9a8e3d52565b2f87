import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Toaster } from 'sonner'
import { describe, expect, it } from 'vitest'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'
import { seedAccount } from '@/testing/mocks/db'
import { closeSocketsOf, dropAllSockets, isConnected, pushEvent, realtimeLink } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { createTestQueryClient } from '@/testing/test-utils'
import { RealtimeProvider } from '../components/realtime-provider'
import { useLiveStore } from '../lib/live-store'
import type { ChatMessage } from '../types'

const message = (id: string, sender: string, receiver: string): ChatMessage => ({
  _id: id, sender, receiver, content: `message ${id}`, createdAt: '2025-01-01T00:00:00Z', readAt: null,
})

/** Shows a thread from the cache, as a chat screen would. */
function Thread({ partnerId }: { partnerId: string }) {
  const thread = useQuery({
    queryKey: queryKeys.chat.thread(partnerId),
    queryFn: () => api.get<ChatMessage[]>(`/chat/${partnerId}`),
  })
  return (
    <ul aria-label="thread">
      {thread.data?.map((m) => <li key={m._id}>{m.content}</li>)}
    </ul>
  )
}

function setup(as: 'student' | 'startup' | 'admin' = 'student') {
  const { user, token } = seedAccount({ userType: as })
  useAuthStore.getState().login({ token, user })
  const partner = seedAccount({ userType: as === 'student' ? 'startup' : 'student' }).user
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
  it('authenticates with the first frame, never with the URL', async () => {
    const seen: Array<{ url: string; first: string }> = []
    server.use(
      realtimeLink.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          if (!seen.some((s) => s.url === client.url.toString())) seen.push({ url: client.url.toString(), first: String(event.data) })
        })
      }),
    )
    server.use(http.get('*/api/chat/:userId', () => HttpResponse.json([])))
    const { user, token } = setup()
    await waitFor(() => expect(isConnected(user._id)).toBe(true))
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    expect(seen[0]!.url).toMatch(/^ws:\/\/localhost(:\d+)?\/api\/ws$/)
    expect(seen[0]!.url).not.toContain(token)
    expect(JSON.parse(seen[0]!.first)).toEqual({ type: 'auth', data: { token } })
  })

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

  it('stays closed with a notice when the server closes it for too many tabs', async () => {
    server.use(http.get('*/api/chat/:userId', () => HttpResponse.json([])))
    const { user } = setup()
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    act(() => closeSocketsOf(user._id, 4008, 'too many connections'))
    expect(await screen.findByText(/open in too many tabs/)).toBeInTheDocument()
    // Longer than the first reconnect delay: no socket comes back, and no banner says one will.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(isConnected(user._id)).toBe(false)
    expect(useLiveStore.getState().status).toBe('off')
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument()
  })

  it('opens no socket for the admin', async () => {
    server.use(http.get('*/api/chat/:userId', () => HttpResponse.json([])))
    const { user } = setup('admin')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(isConnected(user._id)).toBe(false)
    expect(useLiveStore.getState().status).toBe('off')
  })
})
