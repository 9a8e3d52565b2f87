import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLiveStore } from '@/lib/realtime/live-store'
import { chatDb, chatHandlers, resetChatDb, seedThread, storeMessage } from '@/testing/mocks/chat'
import { seedAccount } from '@/testing/mocks/db'
import { pushEvent, resetRealtime, sentFrames } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => {
  resetChatDb()
  resetRealtime()
  server.use(...chatHandlers)
})

const acmeFields = { userType: 'startup' as const, companyName: 'Acme Labs', email: 'hello@acme.test', companyDescription: 'We build rockets' }

async function openChat(url: (ids: { acme: string }) => string, as: 'student' | 'startup' = 'student') {
  const acme = seedAccount(acmeFields).user
  seedAccount({ userType: 'startup', companyName: 'Zeta Corp' })
  seedAccount({ userType: 'student', firstName: 'Other', lastName: 'Student' })
  const view = await renderApp(url({ acme: acme._id }), {
    as: as === 'student' ? { userType: 'student', firstName: 'Ada', lastName: 'Lovelace' } : 'startup',
  })
  await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
  return { ...view, acme }
}

describe('/chat', () => {
  it('lists startups for a student: avatar initial, name, email, description and a Chat button', async () => {
    const { acme } = await openChat(() => '/chat')
    const list = await screen.findByRole('region', { name: 'Startups' })
    expect(await within(list).findByText('Acme Labs')).toBeInTheDocument()
    expect(within(list).getByText('hello@acme.test')).toBeInTheDocument()
    expect(within(list).getByText('We build rockets')).toBeInTheDocument()
    expect(within(list).getByRole('img', { name: 'Acme Labs' })).toHaveTextContent('A')
    expect(within(list).getByText('Zeta Corp')).toBeInTheDocument()
    expect(within(list).queryByText('Other Student')).not.toBeInTheDocument()
    expect(within(list).getByRole('link', { name: 'Chat with Acme Labs' })).toHaveAttribute('href', `/chat/${acme._id}`)
    expect(screen.getByText('Select a user to start chatting')).toBeInTheDocument()
  })

  it('lists students for a startup', async () => {
    await openChat(() => '/chat', 'startup')
    const list = await screen.findByRole('region', { name: 'Students' })
    expect(await within(list).findByText('Other Student')).toBeInTheDocument()
    expect(within(list).queryByText('Acme Labs')).not.toBeInTheDocument()
  })

  it('says Loading... then No users found', async () => {
    server.use(
      http.get('*/api/chat/partners', async () => {
        await new Promise((resolve) => setTimeout(resolve, 100))
        return HttpResponse.json([])
      }),
    )
    await renderApp('/chat', { as: 'student' })
    const people = await screen.findByRole('region', { name: 'Startups' })
    expect(within(people).getByText('Loading...')).toBeInTheDocument()
    expect(await within(people).findByText('No users found')).toBeInTheDocument()
  })

  it('toasts Failed to load users when the list cannot load', async () => {
    server.use(http.get('*/api/chat/partners', () => HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })))
    await renderApp('/chat', { as: 'student' })
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument()
    expect(screen.getByText('No users found')).toBeInTheDocument()
  })

  it('sends a message: Send is off while empty, the bubble shows on the right, typing is announced', async () => {
    const { acme, user, events } = await openChat(({ acme }) => `/chat/${acme}`)
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    expect(await within(panel).findByText('No messages yet')).toBeInTheDocument()
    const send = within(panel).getByRole('button', { name: 'Send' })
    const box = within(panel).getByRole('textbox', { name: 'Message' })
    expect(send).toBeDisabled()
    await events.type(box, '   ')
    expect(send).toBeDisabled()
    await events.clear(box)

    await events.type(box, 'Hello Acme')
    expect(send).toBeEnabled()
    expect(sentFrames).toContainEqual({ userId: user!._id, type: 'typing', data: { userId: acme._id } })
    await events.click(send)

    // eslint-disable-next-line testing-library/no-node-access -- a bubble is the list item around its text; its side is what is checked
    const bubble = (await within(panel).findByText('Hello Acme')).closest('li')!
    expect(bubble).toHaveAttribute('data-own', 'true')
    expect(bubble.className).toContain('justify-end')
    expect(within(bubble).getByRole('img', { name: 'Sent' })).toBeInTheDocument()
    await waitFor(() => expect(box).toHaveValue(''))
    // The bubble is the confirmation: no "Message sent!" toast for every message.
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument()
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1) // the answer and the event: one bubble
  })

  it('Enter sends, Shift+Enter makes a new line', async () => {
    const { events } = await openChat(({ acme }) => `/chat/${acme}`)
    const box = await screen.findByRole('textbox', { name: 'Message' })
    await events.type(box, 'line one{Shift>}{Enter}{/Shift}line two{Enter}')
    expect(await within(await screen.findByRole('log')).findByText(/line one\s+line two/)).toBeInTheDocument()
    expect(chatDb.messages[0]!.content).toBe('line one\nline two')
  })

  it("shows the partner's messages, typing and read ticks live, and marks incoming messages read", async () => {
    const { acme, user, events } = await openChat(({ acme }) => `/chat/${acme}`)
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    await within(panel).findByText('No messages yet')

    act(() => pushEvent(user!._id, 'chat.typing', { from: acme._id, to: user!._id }))
    expect(await within(panel).findByText('Acme Labs is typing…')).toBeInTheDocument()

    act(() => {
      storeMessage(acme._id, user!._id, 'Hi Ada, welcome!')
    })
    // eslint-disable-next-line testing-library/no-node-access -- a bubble is the list item around its text
    const incoming = (await within(panel).findByText('Hi Ada, welcome!')).closest('li')!
    expect(incoming).toHaveAttribute('data-own', 'false')
    expect(within(panel).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument()
    // Shown while the tab is visible: the panel marks it read on the server.
    await waitFor(() => expect(chatDb.messages[0]!.readAt).not.toBeNull())
    await waitFor(() => expect(within(panel).queryByText('Acme Labs is typing…')).not.toBeInTheDocument())

    await events.type(within(panel).getByRole('textbox', { name: 'Message' }), 'Thanks!{Enter}')
    // eslint-disable-next-line testing-library/no-node-access -- a bubble is the list item around its text
    const mine = (await within(panel).findByText('Thanks!')).closest('li')!
    expect(within(mine).getByRole('img', { name: 'Sent' })).toBeInTheDocument()
    const sent = chatDb.messages[1]!
    act(() => {
      sent.readAt = new Date().toISOString()
      pushEvent(user!._id, 'chat.read', { readerId: acme._id, senderId: user!._id, upTo: sent._id, readAt: sent.readAt })
    })
    expect(await within(mine).findByRole('img', { name: 'Read' })).toBeInTheDocument()
  })

  it('opens on the latest 100 messages and loads earlier ones a page at a time while the server links to more', async () => {
    const { acme, user, events } = await openChat(() => '/chat')
    seedThread(
      acme._id,
      user!._id,
      Array.from({ length: 250 }, (_, i) => `Update ${i + 1}`),
    )
    const asked: Array<Record<string, string>> = []
    server.use(
      http.get('*/api/chat/:userId', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams))
        return undefined // answered by chatHandlers
      }),
    )
    await events.click(await screen.findByRole('link', { name: 'Chat with Acme Labs' }))
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    expect(await within(panel).findByText('Update 250')).toBeInTheDocument()
    expect(within(panel).getByText('Update 151')).toBeInTheDocument()
    expect(within(panel).queryByText('Update 150')).not.toBeInTheDocument()

    await events.click(within(panel).getByRole('button', { name: 'Load earlier messages' }))
    expect(await within(panel).findByText('Update 51')).toBeInTheDocument()
    expect(within(panel).queryByText('Update 50')).not.toBeInTheDocument()
    const oldestShown = chatDb.messages.find((m) => m.content === 'Update 151')!
    expect(asked).toContainEqual({ before: oldestShown._id, per_page: '100' })

    // That page was full, so the server linked to an earlier one.
    await events.click(within(panel).getByRole('button', { name: 'Load earlier messages' }))
    expect(await within(panel).findByText('Update 1')).toBeInTheDocument()
    const log = within(panel).getByRole('log', { name: 'Messages with Acme Labs' })
    const shown = within(log)
      .getAllByRole('listitem')
      // eslint-disable-next-line testing-library/no-node-access -- a bubble's text, without its time and ticks
      .map((li) => li.querySelector('p')!.textContent)
    expect(shown).toHaveLength(250)
    expect(shown[0]).toBe('Update 1')
    expect(shown[249]).toBe('Update 250')
    // The page came back without a link to earlier messages: that was the start of the conversation.
    expect(within(panel).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument()
  })

  it('toasts Failed to load earlier messages and keeps the button', async () => {
    const { acme, user, events } = await openChat(() => '/chat')
    seedThread(
      acme._id,
      user!._id,
      Array.from({ length: 200 }, (_, i) => `Update ${i + 1}`),
    )
    await events.click(await screen.findByRole('link', { name: 'Chat with Acme Labs' }))
    const panel = await screen.findByRole('region', { name: 'Chat with Acme Labs' })
    await within(panel).findByText('Update 200')
    server.use(
      http.get('*/api/chat/:userId', ({ request }) =>
        new URL(request.url).searchParams.has('before')
          ? HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })
          : undefined,
      ),
    )
    await events.click(within(panel).getByRole('button', { name: 'Load earlier messages' }))
    expect(await screen.findByText('Failed to load earlier messages')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Load earlier messages' })).toBeEnabled()
    expect(within(panel).getByText('Update 101')).toBeInTheDocument()
    expect(within(panel).queryByText('Update 100')).not.toBeInTheDocument()
  })

  it('keeps the draft when sending fails, and retries with the same client id', async () => {
    let fail = true
    server.use(
      http.post('*/api/chat/send', async ({ request }) => {
        if (!fail) return undefined
        chatDb.sends.push({ clientId: ((await request.json()) as { clientId: string }).clientId })
        return HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })
      }),
    )
    const { events } = await openChat(({ acme }) => `/chat/${acme}`)
    const box = await screen.findByRole('textbox', { name: 'Message' })
    await events.type(box, 'Important{Enter}')
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument()
    expect(box).toHaveValue('Important')
    fail = false
    await events.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(box).toHaveValue(''))
    expect(await screen.findByText('Important', { selector: 'p' })).toBeInTheDocument()
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument()
    expect(chatDb.sends).toHaveLength(2)
    expect(chatDb.sends[0]!.clientId).toBe(chatDb.sends[1]!.clientId)
  })

  it('toasts Failed to load messages, and Back returns to /chat', async () => {
    server.use(http.get('*/api/chat/:userId', () => HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })))
    const { router, events } = await openChat(({ acme }) => `/chat/${acme}`)
    expect(await screen.findByText('Failed to load messages')).toBeInTheDocument()
    await events.click(screen.getByRole('link', { name: 'Back' }))
    expect(router.location.pathname).toBe('/chat')
    // /chat is its own lazy route: its page renders once the router has it.
    expect(await screen.findByText('Select a user to start chatting')).toBeInTheDocument()
  })

  it('is not for admins', async () => {
    const { router } = await renderApp('/chat', { as: 'admin' })
    await waitFor(() => expect(router.location.pathname).toBe('/'))
  })
})
