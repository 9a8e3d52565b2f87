import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLiveStore } from '@/lib/realtime/live-store'
import { queryKeys } from '@/lib/query-keys'
import { chatDb, chatHandlers, resetChatDb, seedThread, storeMessage } from '@/testing/mocks/chat'
import { chatFindHandlers } from '@/testing/mocks/chat-find'
import { seedAccount } from '@/testing/mocks/db'
import { resetRealtime } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { stubThreadGeometry } from '@/testing/thread-geometry'
import { renderApp } from '@/testing/test-utils'

// Chat you can find your way in (docs/api-contract.md, "Saved searches and finding your way in
// chat"): unread badges and Mark all as read, search in a conversation, and the jump to the first
// unread message.

beforeEach(() => {
  resetChatDb()
  resetRealtime()
  server.use(...chatHandlers)
  server.use(...chatFindHandlers) // in front: ?q= and read-all
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function signIn(url: string) {
  const ada = seedAccount({ userType: 'student', firstName: 'Ada', lastName: 'Lovelace' })
  const acme = seedAccount({ userType: 'startup', companyName: 'Acme Labs' }).user
  const zeta = seedAccount({ userType: 'startup', companyName: 'Zeta Corp' }).user
  return {
    ada: ada.user,
    acme,
    zeta,
    open: async (at = url) => {
      const view = await renderApp(at, { as: ada.user })
      await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
      return view
    },
  }
}

describe('unread badges and Mark all as read', () => {
  it('badges each unread conversation, bolds it, and Mark all as read posts read-all and refreshes the counts', async () => {
    const { ada, acme, zeta, open } = await signIn('/messages')
    seedThread(acme._id, ada._id, ['One', 'Two', 'Three'])
    seedThread(zeta._id, ada._id, ['Hello'])
    storeMessage(ada._id, zeta._id, 'Mine')
    seedThread(zeta._id, ada._id, ['Again'])
    let posts = 0
    server.use(
      http.post('*/api/chat/read-all', () => {
        posts += 1
        return undefined
      }),
    )
    const { events, queryClient } = await open()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const list = await screen.findByRole('list', { name: 'Conversations' })
    const acmeRow = within(list).getByRole('link', { name: /Acme Labs/ })
    expect(within(acmeRow).getByRole('img', { name: '3 unread messages' })).toHaveTextContent('3')
    expect(acmeRow).toHaveAttribute('data-unread', 'true')
    expect(within(acmeRow).getByText('Acme Labs').className).toContain('font-bold')
    expect(within(list).getByRole('img', { name: '2 unread messages' })).toBeInTheDocument()

    const button = screen.getByRole('button', { name: 'Mark all as read' })
    expect(button).toBeEnabled()
    await events.click(button)
    await waitFor(() => expect(within(list).queryByLabelText(/unread message/)).not.toBeInTheDocument())
    expect(posts).toBe(1)
    expect(chatDb.messages.filter((m) => m.receiver === ada._id && !m.readAt)).toHaveLength(0)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.chat.conversations })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.notifications.all })
    expect(within(list).getByRole('link', { name: /Acme Labs/ })).toHaveAttribute('data-unread', 'false')
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
  })

  it('is off when nothing is unread, and toasts when read-all fails', async () => {
    const { ada, acme, open } = await signIn('/messages')
    storeMessage(ada._id, acme._id, 'Mine only')
    const first = await open()
    expect(await screen.findByRole('button', { name: 'Mark all as read' })).toBeDisabled()
    first.unmount()

    seedThread(acme._id, ada._id, ['Unread'])
    server.use(http.post('*/api/chat/read-all', () => HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })))
    const { events } = await renderApp('/messages', { as: ada })
    const button = await screen.findByRole('button', { name: 'Mark all as read' })
    await waitFor(() => expect(button).toBeEnabled())
    await events.click(button)
    expect(await screen.findByText('Failed to mark conversations as read')).toBeInTheDocument()
    expect(screen.getByLabelText('1 unread message')).toBeInTheDocument()
  })
})

describe('search in a conversation', () => {
  it('sends ?q=, lists the matches newest first with the match highlighted and their time, and Escape returns to the thread', async () => {
    const { ada, acme, open } = await signIn('')
    seedThread(acme._id, ada._id, ['Our Rocket launch is Friday', 'Lunch?'])
    storeMessage(ada._id, acme._id, 'Great, the rocket looks good')
    chatDb.messages.forEach((m) => (m.readAt = m.readAt ?? new Date().toISOString()))
    const asked: Array<Record<string, string>> = []
    server.use(
      http.get('*/api/chat/:userId', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams))
        return undefined
      }),
    )
    const { events } = await open(`/chat/${acme._id}`)
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    await within(panel).findByText('Lunch?')

    await events.type(within(panel).getByRole('searchbox', { name: 'Search this conversation' }), 'ROCKET{Enter}')
    const results = await within(panel).findByRole('list', { name: 'Messages matching “ROCKET”' })
    expect(asked).toContainEqual({ q: 'ROCKET', per_page: '100' })
    const rows = within(results).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('You')
    expect(rows[0]).toHaveTextContent('Great, the rocket looks good')
    expect(rows[1]).toHaveTextContent('Acme Labs')
    expect(within(rows[1]!).getByText('Rocket').tagName).toBe('MARK')
    // eslint-disable-next-line testing-library/no-node-access -- the row's <time> carries the machine-readable date
    expect(rows[0]!.querySelector('time')).toHaveAttribute('dateTime', chatDb.messages[2]!.createdAt)
    expect(within(panel).queryByRole('log')).not.toBeInTheDocument()

    await events.keyboard('{Escape}')
    expect(await within(panel).findByRole('log', { name: 'Messages with Acme Labs' })).toBeInTheDocument()
    expect(within(panel).getByRole('searchbox', { name: 'Search this conversation' })).toHaveValue('')
  })

  it('says No messages match “…” for an empty result; the Search button and Clear search work too', async () => {
    const { ada, acme, open } = await signIn('')
    seedThread(acme._id, ada._id, ['Hello'])
    const { events } = await open(`/chat/${acme._id}`)
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    await within(panel).findByText('Hello')
    await events.type(within(panel).getByRole('searchbox', { name: 'Search this conversation' }), 'invoice')
    await events.click(within(panel).getByRole('button', { name: 'Search' }))
    expect(await within(panel).findByText('No messages match “invoice”')).toBeInTheDocument()
    await events.click(within(panel).getByRole('button', { name: 'Clear search' }))
    expect(await within(panel).findByText('Hello')).toBeInTheDocument()
    expect(within(panel).queryByText(/No messages match/)).not.toBeInTheDocument()
  })
})

describe('search paging and errors', () => {
  it('loads older matches with ?before= while the server links to more', async () => {
    const { ada, acme, open } = await signIn('')
    seedThread(
      acme._id,
      ada._id,
      Array.from({ length: 130 }, (_, i) => `Report ${i + 1}`),
    )
    chatDb.messages.forEach((m) => (m.readAt = new Date().toISOString()))
    const asked: Array<Record<string, string>> = []
    server.use(
      http.get('*/api/chat/:userId', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams))
        return undefined
      }),
    )
    const { events } = await open(`/chat/${acme._id}`)
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    await within(panel).findByText('Report 130')
    await events.type(within(panel).getByRole('searchbox', { name: 'Search this conversation' }), 'report{Enter}')
    const results = await within(panel).findByRole('list', { name: 'Messages matching “report”' })
    expect(within(results).getAllByRole('listitem')).toHaveLength(100)
    expect(within(panel).getByText('100+ messages match')).toBeInTheDocument()
    await events.click(within(panel).getByRole('button', { name: 'Load older matches' }))
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(130))
    const oldestShown = chatDb.messages.find((m) => m.content === 'Report 31')!
    expect(asked).toContainEqual({ q: 'report', before: oldestShown._id, per_page: '100' })
    expect(within(panel).queryByRole('button', { name: 'Load older matches' })).not.toBeInTheDocument()
  })

  it('says the search failed when the server refuses it', async () => {
    const { ada, acme, open } = await signIn('')
    seedThread(acme._id, ada._id, ['Hello'])
    server.use(
      http.get('*/api/chat/:userId', ({ request }) =>
        new URL(request.url).searchParams.has('q')
          ? HttpResponse.json({ message: 'q: at most 200 characters', code: 'invalid', fields: { q: 'q: at most 200 characters' } }, { status: 400 })
          : undefined,
      ),
    )
    const { events } = await open(`/chat/${acme._id}`)
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    await within(panel).findByText('Hello')
    const box = within(panel).getByRole('searchbox', { name: 'Search this conversation' })
    expect(box).toHaveAttribute('maxLength', '200')
    await events.type(box, 'hello{Enter}')
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Search failed')
  })
})

describe('jump to the first unread message', () => {
  function stubScroll() {
    const scrolled: Array<{ element: Element; options: unknown }> = []
    const original = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = vi.fn(function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options })
    }) as unknown as typeof Element.prototype.scrollIntoView
    return { scrolled, restore: () => (Element.prototype.scrollIntoView = original) }
  }

  it('opens on a New messages divider before the oldest unread message; while it is off screen the jump control scrolls to and focuses it', async () => {
    const { ada, acme, open } = await signIn('')
    seedThread(acme._id, ada._id, ['Old news'])
    storeMessage(ada._id, acme._id, 'My reply')
    chatDb.messages.forEach((m) => (m.readAt = new Date().toISOString()))
    seedThread(acme._id, ada._id, ['First unread', 'Second unread', 'Third unread'])
    const stub = stubScroll()
    const geometry = stubThreadGeometry() // nothing of the thread on screen yet
    try {
      const { events } = await open(`/messages?with=${acme._id}`)
      const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
      const divider = await within(panel).findByRole('separator', { name: 'New messages' })
      // eslint-disable-next-line testing-library/no-node-access -- the divider sits in the first unread message's list item
      const firstUnread = divider.closest('li')!
      expect(firstUnread).toHaveAttribute('data-first-unread', 'true')
      expect(firstUnread).toHaveTextContent('First unread')
      expect(within(panel).getAllByRole('separator', { name: 'New messages' })).toHaveLength(1)
      // Opened there (the divider lies 1000 px down the thread) rather than at the end (1600).
      expect(geometry.scrolledTo.at(-1)).toBe(1000)

      stub.scrolled.length = 0
      await events.click(within(panel).getByRole('button', { name: '3 unread — jump to first' }))
      expect(stub.scrolled).toContainEqual({ element: divider, options: { block: 'start', behavior: 'smooth' } })
      expect(firstUnread).toHaveFocus()
      expect(within(panel).queryByRole('button', { name: /jump to first/ })).not.toBeInTheDocument()
      expect(within(panel).getByRole('separator', { name: 'New messages' })).toBe(divider) // it stays for this visit
    } finally {
      geometry.restore()
      stub.restore()
    }
  })

  it('shows no divider or jump control when nothing was unread', async () => {
    const { ada, acme, open } = await signIn('')
    seedThread(acme._id, ada._id, ['Seen'])
    chatDb.messages.forEach((m) => (m.readAt = new Date().toISOString()))
    await open(`/chat/${acme._id}`)
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    await within(panel).findByText('Seen')
    expect(within(panel).queryByRole('separator', { name: 'New messages' })).not.toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: /jump to first/ })).not.toBeInTheDocument()
  })
})
