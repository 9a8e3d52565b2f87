import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLiveStore } from '@/lib/realtime/live-store'
import { chatHandlers, resetChatDb, storeMessage } from '@/testing/mocks/chat'
import { seedAccount } from '@/testing/mocks/db'
import { resetRealtime } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => {
  resetChatDb()
  resetRealtime()
  server.use(...chatHandlers)
})

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')

describe('/messages', () => {
  it('says No conversations yet. for a new user', async () => {
    await renderApp('/messages', { as: 'student' })
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument()
  })

  it('toasts Failed to load conversations', async () => {
    server.use(http.get('*/api/chat/conversations', () => HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })))
    await renderApp('/messages', { as: 'student' })
    expect(await screen.findByText('Failed to load conversations')).toBeInTheDocument()
  })

  it('reorders live, counts unread, and clears the count once the conversation is open', async () => {
    const ada = seedAccount({ userType: 'student', firstName: 'Ada', lastName: 'Lovelace' })
    const acme = seedAccount({ userType: 'startup', companyName: 'Acme Labs' }).user
    const zeta = seedAccount({ userType: 'startup', companyName: 'Zeta Corp' }).user
    storeMessage(acme._id, ada.user._id, 'From Acme')
    storeMessage(ada.user._id, zeta._id, 'To Zeta')

    const { events } = await renderApp('/messages', { as: ada.user })
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    const list = await screen.findByRole('list', { name: 'Conversations' })
    expect(rowNames(list)[0]).toContain('Zeta Corp')
    expect(rowNames(list)[0]).toContain('You: To Zeta')
    expect(within(list).getByLabelText('1 unread message')).toBeInTheDocument()

    act(() => {
      storeMessage(acme._id, ada.user._id, 'Acme again')
    })
    await waitFor(() => expect(rowNames(list)[0]).toContain('Acme again'))
    expect(within(list).getByLabelText('2 unread messages')).toBeInTheDocument()

    await events.click(within(list).getByRole('link', { name: /Acme Labs/ }))
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    expect(await within(panel).findByText('Acme again')).toBeInTheDocument()
    await waitFor(() => expect(within(list).queryByLabelText(/unread/)).not.toBeInTheDocument())

    await events.type(within(panel).getByRole('textbox', { name: 'Message' }), 'Reply{Enter}')
    await waitFor(() => expect(rowNames(list)[0]).toContain('You: Reply'))
  })
})
