import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLiveStore } from '@/lib/realtime/live-store'
import { createUser } from '@/testing/data-generators'
import { chatDb, storeMessage } from '@/testing/mocks/chat'
import { seedAccount } from '@/testing/mocks/db'
import { pushEvent, resetRealtime } from '@/testing/mocks/realtime'
import { renderApp, renderWithRouter } from '@/testing/test-utils'
import { Navbar } from '../navbar'

beforeEach(() => resetRealtime())

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })

describe('unread messages in the navigation', () => {
  it('names the count on Chat and Messages ("Messages, 3 unread") and shows it; nothing at 0', () => {
    const view = renderWithRouter(<Navbar user={createUser({ userType: 'student' })} isSignedIn onSignOut={() => {}} unreadMessages={3} />)
    expect(within(mainNav()).getByRole('link', { name: 'Messages, 3 unread' })).toHaveAttribute('href', '/messages')
    expect(within(mainNav()).getByRole('link', { name: 'Chat, 3 unread' })).toHaveTextContent('Chat 3')
    expect(within(mainNav()).getByRole('link', { name: 'Tasks' })).toHaveTextContent(/^Tasks$/)
    expect(screen.getByTestId('menu-unread-dot')).toBeInTheDocument()
    view.unmount()

    renderWithRouter(<Navbar user={createUser({ userType: 'student' })} isSignedIn onSignOut={() => {}} unreadMessages={0} />)
    expect(within(mainNav()).getByRole('link', { name: 'Messages' })).toHaveTextContent(/^Messages$/)
    expect(screen.queryByTestId('menu-unread-dot')).not.toBeInTheDocument()
  })

  it("raises live on a startup's dashboard when a message arrives, and clears when it is read elsewhere", async () => {
    const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
    const asha = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    storeMessage(asha._id, startup._id, 'Earlier, already read').readAt = new Date().toISOString()
    await renderApp('/dashboard', { as: startup })
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    await screen.findByRole('heading', { level: 1, name: 'Startup dashboard' })
    expect(within(mainNav()).getByRole('link', { name: 'Messages' })).toBeInTheDocument()

    act(() => {
      storeMessage(asha._id, startup._id, 'Hello Nimbus')
    })
    expect(await within(mainNav()).findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument()
    expect(within(mainNav()).getByRole('link', { name: 'Chat, 1 unread' })).toBeInTheDocument()

    act(() => {
      storeMessage(asha._id, startup._id, 'Are you there?')
    })
    expect(await within(mainNav()).findByRole('link', { name: 'Messages, 2 unread' })).toBeInTheDocument()

    // Read in another tab: the server's chat.read clears the count here too.
    const last = chatDb.messages[chatDb.messages.length - 1]!
    act(() => pushEvent(startup._id, 'chat.read', { readerId: startup._id, senderId: asha._id, upTo: last._id, readAt: new Date().toISOString() }))
    expect(await within(mainNav()).findByRole('link', { name: 'Messages' })).toBeInTheDocument()
    expect(within(mainNav()).queryByRole('link', { name: /unread/ })).not.toBeInTheDocument()
  })

  it('clears when the conversation is opened and read, and counts a first message from someone new', async () => {
    const asha = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    const acme = seedAccount({ userType: 'startup', companyName: 'Acme Labs' }).user
    storeMessage(acme._id, asha._id, 'Welcome')
    const { events } = await renderApp('/dashboard', { as: asha })
    await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
    await events.click(await within(mainNav()).findByRole('link', { name: 'Messages, 1 unread' }))
    await events.click(await within(await screen.findByRole('list', { name: 'Conversations' })).findByRole('link', { name: /Acme Labs/ }))
    await waitFor(() => expect(chatDb.messages[0]!.readAt).not.toBeNull())
    expect(await within(mainNav()).findByRole('link', { name: 'Messages' })).toBeInTheDocument()

    // Someone with no conversation yet: the list is refetched and the count follows.
    const zeta = seedAccount({ userType: 'startup', companyName: 'Zeta Corp' }).user
    act(() => {
      storeMessage(zeta._id, asha._id, 'Hi from Zeta')
    })
    expect(await within(mainNav()).findByRole('link', { name: 'Chat, 1 unread' })).toBeInTheDocument()
  })

  it('asks nothing for an admin', async () => {
    await renderApp('/admin', { as: 'admin' })
    expect(within(mainNav()).queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument()
  })
})
