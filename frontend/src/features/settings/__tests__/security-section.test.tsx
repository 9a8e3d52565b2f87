import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { issueToken } from '@/testing/mocks/db'
import { makeAuditEntry, resetTrust, trust } from '@/testing/mocks/trust'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetTrust())

describe('/settings Devices and Sign-in log', () => {
  it('lists where the user is signed in and their recent sign-ins, the failed one highlighted', async () => {
    const me = createUser({ firstName: 'Sam', lastName: 'Lee' })
    issueToken(me, 'Firefox on Android')
    trust.securityEvents.set(me._id, [
      makeAuditEntry({ type: 'signin', actorId: me._id, subjectId: me._id, detail: 'Chrome on Linux', ip: '203.0.113.7' }),
      makeAuditEntry({ type: 'signin.failed', subjectId: me._id, detail: 'wrong password, Firefox on Android', ip: '198.51.100.4' }),
      makeAuditEntry({ type: 'sessions.ended', actorId: me._id, subjectId: me._id, detail: 'signed out another device' }),
    ])
    const { events } = await renderApp('/settings', { as: me })

    const log = await screen.findByRole('region', { name: 'Sign-in log' })
    // The server keeps the log to the 20 newest (audit.SecurityEventsShown); the page says so.
    expect(log).toHaveTextContent(/^Sign-in log\s*Your last 20 sign-ins/)
    const signIns = await within(log).findByRole('list', { name: 'Recent sign-ins' })
    const items = within(signIns).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Signed in')
    expect(items[0]).toHaveTextContent('Chrome on Linux')
    expect(items[0]).toHaveTextContent('203.0.113.7')
    expect(items[1]).toHaveTextContent('Failed sign-in')
    expect(items[1]).toHaveTextContent('wrong password, Firefox on Android')
    expect(items[1]).toHaveClass('bg-red-50')
    expect(items[2]).toHaveTextContent('Signed out')

    const security = screen.getByRole('region', { name: 'Devices' })
    const devices = within(security).getByRole('list', { name: 'Signed-in devices' })
    expect(within(devices).getByText('This device')).toBeInTheDocument()
    await events.click(within(devices).getByRole('button', { name: /Sign out Firefox on Android/ }))
    expect(await screen.findByText('Signed out Firefox on Android.')).toBeInTheDocument()
    expect(within(security).getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument()
  })

  it('the admin has a sign-in log too, with an empty state', async () => {
    await renderApp('/settings', { as: 'admin' })
    const log = await screen.findByRole('region', { name: 'Sign-in log' })
    expect(await within(log).findByText('No sign-ins recorded yet.')).toBeInTheDocument()
  })
})
