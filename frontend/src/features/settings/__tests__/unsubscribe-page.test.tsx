import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@/testing/mocks/server'
import { settingsMock, VALID_UNSUBSCRIBE_TOKEN } from '@/testing/mocks/settings'
import { renderApp } from '@/testing/test-utils'

const unsubscribeCalls = () => settingsMock.requests.filter((r) => r.url.pathname === '/api/unsubscribe')

describe('/unsubscribe', () => {
  it('changes nothing on opening; the button unsubscribes and says from what', async () => {
    const { events } = await renderApp(`/unsubscribe?token=${VALID_UNSUBSCRIBE_TOKEN}`)
    expect(screen.getByRole('heading', { name: 'Unsubscribe from Bridgework emails?' })).toBeInTheDocument()
    // Long enough for a request sent on opening to have been answered.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(unsubscribeCalls()).toEqual([])
    expect(screen.queryByText(/You're unsubscribed/)).not.toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Unsubscribe' })

    await events.click(button)
    expect(await screen.findByText("You're unsubscribed from task alert emails.")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Change email settings' })).toHaveAttribute('href', '/settings')
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument()
    const calls = unsubscribeCalls()
    expect(calls.map((c) => [c.method, c.url.searchParams.get('token'), c.body])).toEqual([['POST', VALID_UNSUBSCRIBE_TOKEN, undefined]])
  })

  it('names invitation emails when the link was for them', async () => {
    server.use(http.post('*/api/unsubscribe', () => HttpResponse.json({ unsubscribed: 'invitations' })))
    const { events } = await renderApp(`/unsubscribe?token=${VALID_UNSUBSCRIBE_TOKEN}`)
    await events.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByText("You're unsubscribed from invitation emails.")).toBeInTheDocument()
  })

  it('says a link the server refuses is not valid', async () => {
    const { events } = await renderApp('/unsubscribe?token=expired')
    await events.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.')
    expect(unsubscribeCalls()).toHaveLength(1)
  })

  it('without a token says the link is not valid and offers no button', async () => {
    await renderApp('/unsubscribe')
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.')
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument()
    expect(unsubscribeCalls()).toEqual([])
  })

  it('works for a signed-in user too', async () => {
    const { events } = await renderApp(`/unsubscribe?token=${VALID_UNSUBSCRIBE_TOKEN}`, { as: 'startup' })
    await events.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByText("You're unsubscribed from task alert emails.")).toBeInTheDocument()
  })
})
