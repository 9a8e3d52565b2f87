import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLiveStore } from '@/lib/realtime/live-store'
import { seedThread, storeMessage } from '@/testing/mocks/chat'
import { seedAccount } from '@/testing/mocks/db'
import { resetRealtime } from '@/testing/mocks/realtime'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetRealtime())

/** A student with one conversation (two unread from Acme) and a startup she has not written to. */
function seed() {
  const ada = seedAccount({ userType: 'student', firstName: 'Ada', lastName: 'Lovelace' }).user
  const acme = seedAccount({ userType: 'startup', companyName: 'Acme Labs' }).user
  const zeta = seedAccount({ userType: 'startup', companyName: 'Zeta Corp' }).user
  seedThread(acme._id, ada._id, ['Welcome', 'Are you free?'])
  return { ada, acme, zeta }
}

describe("the chat's two pages: people at /chat, conversations at /messages", () => {
  it('/chat lists the people to chat with and their unread counts; /messages the conversations; each says what it holds', async () => {
    const { ada } = seed()
    const { unmount } = await renderApp('/chat', { as: ada })
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument()
    expect(screen.getByText('People you can chat with')).toBeInTheDocument()
    const people = screen.getByRole('region', { name: 'Startups' })
    await within(people).findByText('Zeta Corp')
    expect(
      within(people)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Chat with Acme Labs', 'Chat with Zeta Corp'])
    expect(await within(people).findByRole('img', { name: '2 unread messages' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument()
    expect(screen.getByText('Select a user to start chatting')).toBeInTheDocument()
    unmount()

    await renderApp('/messages', { as: ada })
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument()
    expect(screen.getByText('Your conversations')).toBeInTheDocument()
    const conversations = await screen.findByRole('list', { name: 'Conversations' })
    const rows = await within(conversations).findAllByRole('link')
    expect(rows.map((link) => link.textContent)).toEqual([expect.stringContaining('Acme Labs')])
    expect(within(conversations).getByRole('img', { name: '2 unread messages' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled()
    expect(screen.queryByRole('region', { name: 'Startups' })).not.toBeInTheDocument()
    expect(screen.getByText('Select a conversation')).toBeInTheDocument()
  })

  it('/chat/{userId} opens that conversation with the search and the New messages divider; links stay on /chat', async () => {
    const { ada, acme, zeta } = seed()
    const { events, router } = await renderApp(`/chat/${acme._id}`, { as: ada })
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    expect(await within(panel).findByText('Are you free?')).toBeInTheDocument()
    expect(within(panel).getByRole('separator', { name: 'New messages' })).toBeInTheDocument()
    expect(within(panel).getByRole('searchbox', { name: /Search/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Chat with Acme Labs' })).toHaveAttribute('href', `/chat/${acme._id}`)

    await events.click(screen.getByRole('link', { name: 'Chat with Zeta Corp' }))
    await waitFor(() => expect(router.location.pathname).toBe(`/chat/${zeta._id}`))
    expect(await screen.findByRole('region', { name: 'Chat with Zeta Corp' })).toBeInTheDocument()
    await events.click(screen.getByRole('link', { name: 'Back' }))
    expect(router.location.pathname).toBe('/chat')
  })

  it('/messages?with={userId} opens it too, and its links and Back stay on /messages', async () => {
    const { ada, acme } = seed()
    const { events, router } = await renderApp(`/messages?with=${acme._id}`, { as: ada })
    expect(await screen.findByRole('region', { name: 'Chat with Acme Labs' })).toBeInTheDocument()
    const row = within(screen.getByRole('list', { name: 'Conversations' })).getByRole('link', { name: /Acme Labs/ })
    expect(row).toHaveAttribute('href', `/messages?with=${acme._id}`)
    expect(row).toHaveAttribute('aria-current', 'true')
    await events.click(screen.getByRole('link', { name: 'Back' }))
    expect(router.location.pathname).toBe('/messages')
    expect(router.location.search).toBe('')
  })

  it('a new conversation from someone else appears in the list live', async () => {
    const { ada, zeta } = seed()
    await renderApp('/messages', { as: ada })
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    const list = await screen.findByRole('list', { name: 'Conversations' })
    act(() => {
      storeMessage(zeta._id, ada._id, 'Hi from Zeta')
    })
    await waitFor(() => expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Hi from Zeta'))
    expect(within(list).getByRole('img', { name: '1 unread message' })).toBeInTheDocument()
  })
})
