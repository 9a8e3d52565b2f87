import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { Toaster } from '@/lib/notify'
import { seedAccount } from '@/testing/mocks/db'
import { closeSocketsOf, isConnected, realtimeLink } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { createTestQueryClient } from '@/testing/test-utils'
import { useLiveStore } from '../live-store'
import { RealtimeProvider } from '../realtime-provider'

function setup(as: 'student' | 'startup' | 'admin' = 'student') {
  const { user, token } = seedAccount({ userType: as })
  useAuthStore.getState().login({ token, user })
  const queryClient = createTestQueryClient()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <p>The app</p>
      </RealtimeProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, user, token }
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
    const { user, token } = setup()
    await waitFor(() => expect(isConnected(user._id)).toBe(true))
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    expect(seen[0]!.url).toMatch(/^ws:\/\/localhost(:\d+)?\/api\/ws$/)
    expect(seen[0]!.url).not.toContain(token)
    expect(JSON.parse(seen[0]!.first)).toEqual({ type: 'auth', data: { token } })
  })

  it('stays closed with a notice when the server closes it for too many tabs', async () => {
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
    const { user } = setup('admin')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(isConnected(user._id)).toBe(false)
    expect(useLiveStore.getState().status).toBe('off')
  })
})
