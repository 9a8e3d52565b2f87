import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fillsTheScreen } from '@/components/layouts/main-layout'
import { useLiveStore } from '@/lib/realtime/live-store'
import { chatDb, seedThread, storeMessage } from '@/testing/mocks/chat'
import { seedAccount } from '@/testing/mocks/db'
import { resetRealtime } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { stubThreadGeometry } from '@/testing/thread-geometry'
import { renderApp } from '@/testing/test-utils'

// The thread pane of /chat/{id} and /messages?with={id}: the partner's header and the composer
// stay put while the thread scrolls between them; the thread follows the newest message; what
// is unread stays counted until it is on screen.

let geometry: ReturnType<typeof stubThreadGeometry>
beforeEach(() => {
  resetRealtime()
  geometry = stubThreadGeometry()
})
afterEach(() => {
  geometry.restore()
  server.events.removeAllListeners()
})

/** Ada (a student) with a conversation with Acme Labs; `unread` of Acme's messages not read yet. */
async function openThread(url: (acme: string) => string, { unread = 0 } = {}) {
  const ada = seedAccount({ userType: 'student', firstName: 'Ada', lastName: 'Lovelace' }).user
  const acme = seedAccount({ userType: 'startup', companyName: 'Acme Labs' }).user
  seedThread(acme._id, ada._id, ['Welcome', 'The brief is attached'])
  chatDb.messages.forEach((m) => (m.readAt = new Date().toISOString()))
  seedThread(
    acme._id,
    ada._id,
    Array.from({ length: unread }, (_, i) => `Unread ${i + 1}`),
  )
  const view = await renderApp(url(acme._id), { as: ada })
  await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
  const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
  await within(panel).findByText('The brief is attached')
  return { ...view, ada, acme, panel, thread: screen.getByTestId('thread-scroll') }
}

describe('the thread pane', () => {
  it.each([
    ['/chat/{id}', (id: string) => `/chat/${id}`],
    ['/messages?with={id}', (id: string) => `/messages?with=${id}`],
  ])('at %s: the partner header first, the composer last, both outside the scrolling thread; no footer', async (_, url) => {
    geometry.show(() => true)
    const { panel, thread } = await openThread(url)
    // The order of the pane's parts is what is checked.
    /* eslint-disable testing-library/no-node-access */
    const header = panel.firstElementChild!
    const composer = panel.lastElementChild!
    /* eslint-enable testing-library/no-node-access */
    expect(header.tagName).toBe('HEADER')
    expect(within(header as HTMLElement).getByRole('heading', { name: 'Acme Labs' })).toBeInTheDocument()
    expect(within(header as HTMLElement).getByRole('link', { name: 'Back' })).toBeInTheDocument()
    expect(composer).toBe(within(panel).getByRole('form', { name: 'Send a message' }))
    expect(thread).not.toContainElement(header as HTMLElement)
    expect(thread).not.toContainElement(composer as HTMLElement)
    // The log holds a list of the messages (a log may not own list items itself).
    const log = within(thread).getByRole('log', { name: 'Messages with Acme Labs' })
    expect(log.tagName).toBe('DIV')
    expect(within(log).getByRole('list').tagName).toBe('OL')
    expect(within(log).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  it('the chat pages fill the screen; every other page keeps its footer', () => {
    expect(['/chat', '/chat/0193a000-0000-7000-8000-000000000001', '/messages'].map(fillsTheScreen)).toEqual([true, true, true])
    expect(['/chatter', '/tasks', '/dashboard', '/'].map(fillsTheScreen)).toEqual([false, false, false, false])
  })

  it('follows the newest message at the end and after sending; scrolled up, it says New messages instead', async () => {
    geometry.show(() => true)
    const { ada, acme, panel, thread, events } = await openThread((id) => `/chat/${id}`)
    expect(geometry.scrolledTo.at(-1)).toBe(1600) // opened at the end

    // At the end, an arrival is scrolled into view.
    geometry.scrolledTo.length = 0
    act(() => void storeMessage(acme._id, ada._id, 'Arrived at the end'))
    await within(panel).findByText('Arrived at the end')
    expect(geometry.scrolledTo).toEqual([1600])

    // Scrolled up to read older messages: the reader stays there and is told.
    geometry.scroll(thread, 200)
    geometry.scrolledTo.length = 0
    act(() => void storeMessage(acme._id, ada._id, 'Arrived while reading'))
    await within(panel).findByText('Arrived while reading')
    expect(geometry.scrolledTo).toEqual([])
    await events.click(within(panel).getByRole('button', { name: 'New messages' }))
    expect(geometry.scrolledTo).toEqual([1600])
    expect(within(panel).queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument()

    // Sending always shows the message sent, wherever the reader was.
    geometry.scroll(thread, 0)
    geometry.scrolledTo.length = 0
    await events.type(within(panel).getByRole('textbox', { name: 'Message' }), 'My answer{Enter}')
    await within(thread).findByText('My answer')
    expect(geometry.scrolledTo).toEqual([1600])
  })

  it('follows the end while an image grows it, and not a reader who scrolled up before the event said so', async () => {
    // jsdom has no ResizeObserver: this one lets the test say when the content was measured.
    const resized: Array<() => void> = []
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized.push(callback)
        }
        observe() {}
        disconnect() {}
      },
    )
    try {
      geometry.show(() => true)
      const { ada, acme, panel, thread, events } = await openThread((id) => `/chat/${id}`)
      await events.type(within(panel).getByRole('textbox', { name: 'Message' }), 'With the mock-up{Enter}')
      await within(thread).findByText('With the mock-up')
      expect(geometry.scrolledTo.at(-1)).toBe(1600)

      // The image comes in (300 px taller), then the scroll event of the move to 1600 arrives:
      // 1600 is now 300 px from the end, yet the reader never scrolled up.
      geometry.grow(300)
      geometry.scroll(thread, 1600)
      geometry.scrolledTo.length = 0
      act(() => resized.forEach((callback) => callback()))
      expect(geometry.scrolledTo.at(-1)).toBe(1900)
      expect(within(panel).queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument()

      // The reader scrolls to the top and a message arrives before that scroll's event: they
      // stay at the top and are told.
      thread.scrollTop = 0
      geometry.scrolledTo.length = 0
      act(() => void storeMessage(acme._id, ada._id, 'Arrived before the scroll was heard'))
      await within(panel).findByText('Arrived before the scroll was heard')
      expect(geometry.scrolledTo).toEqual([])
      expect(within(panel).getByRole('button', { name: 'New messages' })).toBeInTheDocument()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('counts messages unread, and keeps the jump control, until they are on screen', async () => {
    const reads: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && /\/api\/chat\/[^/]+\/read$/.test(new URL(request.url).pathname)) reads.push(request.url)
    })
    const { panel, thread } = await openThread((id) => `/chat/${id}`, { unread: 2 })
    const mainNav = screen.getByRole('navigation', { name: 'Main' })
    // eslint-disable-next-line testing-library/no-unnecessary-act -- lets the pane's effects run before checking they sent nothing
    await act(async () => {})
    expect(reads).toEqual([])
    expect(within(mainNav).getByRole('link', { name: 'Chat, 2 unread' })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Startups' })).getByRole('img', { name: '2 unread messages' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: '2 unread — jump to first' })).toBeInTheDocument()

    // The reader scrolls them into view: they are read, and every count and the control go.
    geometry.show(() => true)
    geometry.scroll(thread, 1600)
    await waitFor(() => expect(chatDb.messages.every((m) => m.readAt)).toBe(true))
    expect(reads).toHaveLength(1)
    expect(await within(mainNav).findByRole('link', { name: 'Chat' })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Startups' })).queryByRole('img', { name: /unread/ })).not.toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: /jump to first/ })).not.toBeInTheDocument()
  })
})
