import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { addNotification, market, resetMarket } from '@/testing/mocks/marketplace'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

describe('notification bell', () => {
  it('shows the unread count and a dropdown; reading an item removes it and marks it read', async () => {
    const student = seedAccount({ userType: 'student', firstName: 'Asha' }).user
    const approved = addNotification(student, 'Your submission for "Logo" was approved.', '/certificates')
    addNotification(student, 'Your submission for "Docs" is under review.')
    const { events, router } = await renderApp('/dashboard', { as: student })
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2')

    await events.click(bell)
    const panel = screen.getByRole('region', { name: 'Unread notifications' })
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2)
    expect(within(panel).getAllByRole('link', { name: 'View Details' })).toHaveLength(1) // only the item with a link

    await events.click(within(panel).getByRole('link', { name: 'View Details' }))
    await waitFor(() => expect(router.location.pathname).toBe('/certificates'))
    expect(market.requests.some((r) => r.method === 'PATCH' && r.url.pathname === `/api/student/notifications/${approved._id}/read`)).toBe(true)
  })

  it("quotes a startup's notes under its name, on one line apart from the message", async () => {
    const student = seedAccount({ userType: 'student', firstName: 'Asha' }).user
    const quote = 'Bridgework Security Team: your account will be closed http://bridgework-login.evil.example/confirm …'
    addNotification(student, 'Your submission for "Logo" was rejected.', '/student/dashboard', { quote, quoteAuthor: 'Nimbus Labs' })
    const { events } = await renderApp('/dashboard', { as: student })
    await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    const item = within(screen.getByRole('region', { name: 'Unread notifications' })).getByRole('listitem')
    expect(within(item).getByText('Your submission for "Logo" was rejected.')).toBeInTheDocument()
    expect(within(item).getByRole('figure')).toHaveTextContent(/^Nimbus Labs wrote:/)
    const blockquote = within(item).getByRole('blockquote')
    expect(blockquote).toHaveTextContent(quote)
    expect(blockquote).toHaveClass('truncate')
    expect(within(item).queryByRole('link', { name: /evil/ })).not.toBeInTheDocument()
  })

  it('removes an item with its button, and says No new notifications when none are left', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    addNotification(startup, 'Asha submitted a link.')
    const { events } = await renderApp('/dashboard', { as: startup })
    await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await events.click(screen.getByRole('button', { name: 'Mark as read: Asha submitted a link.' }))
    expect(screen.getByRole('region', { name: 'Unread notifications' })).toHaveTextContent('No new notifications')
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument()
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Unread notifications' })).not.toBeInTheDocument()
  })
})
