import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { makeInvitation } from '@/testing/mocks/matching'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

// A student's invitations: listed with task, startup, message, status and expiry; a pending one is
// accepted (then a way to the task) or declined with an optional reason; a new one arrives live.

beforeEach(() => resetMarket())

function scene() {
  const student = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const task = makeTask(startup, { title: 'Landing page', deadline: '2030-01-15T00:00:00Z', budget: { min: 100, max: 200 } })
  return { student, startup, task }
}

const posts = (path: string) => market.requests.filter((r) => r.method === 'POST' && r.url.pathname === path)

describe('/student/invitations', () => {
  it('lists each invitation with its startup, message, status and expiry; only pending ones take an answer', async () => {
    const { student, startup, task } = scene()
    const old = makeTask(startup, { title: 'Old survey' })
    makeInvitation(old, student, { status: 'declined', reason: 'Busy until March', answeredAt: '2029-12-03T00:00:00Z' })
    makeInvitation(task, student, { message: 'Your React work fits.' })
    await renderApp('/student/invitations', { as: student })
    const pending = await screen.findByRole('listitem', { name: 'Landing page' })
    expect(within(pending).getByText(/Nimbus Labs/)).toBeInTheDocument()
    expect(within(pending).getByText('Your React work fits.')).toBeInTheDocument()
    expect(within(pending).getByText('Waiting for your answer')).toBeInTheDocument()
    expect(within(pending).getByText(/Expires/)).toBeInTheDocument()
    expect(within(pending).getByRole('button', { name: 'Accept Landing page' })).toBeInTheDocument()
    const declined = screen.getByRole('listitem', { name: 'Old survey' })
    expect(within(declined).getByText('Declined')).toBeInTheDocument()
    expect(within(declined).getByText('Your reason: Busy until March')).toBeInTheDocument()
    expect(within(declined).queryByRole('button', { name: /Accept|Decline/ })).not.toBeInTheDocument()
  })

  it('accepts, then links to the task', async () => {
    const { student, task } = scene()
    const invitation = makeInvitation(task, student)
    const { events } = await renderApp('/student/invitations', { as: student })
    await events.click(await screen.findByRole('button', { name: 'Accept Landing page' }))
    expect(await screen.findByText('You took "Landing page"')).toBeInTheDocument()
    const item = screen.getByRole('listitem', { name: 'Landing page' })
    expect(await within(item).findByRole('link', { name: 'Go to the task' })).toHaveAttribute('href', `/tasks/${task._id}`)
    expect(within(item).getByText('Accepted')).toBeInTheDocument()
    expect(posts(`/api/student/invitations/${invitation._id}/accept`)).toHaveLength(1)
  })

  it("shows the server's refusal of an acceptance on the invitation and as a toast", async () => {
    const { student, task } = scene()
    makeInvitation(task, student)
    server.use(
      http.post('*/api/student/invitations/:id/accept', () =>
        HttpResponse.json({ message: 'This task was filled by another student.', code: 'conflict' }, { status: 409 }),
      ),
    )
    const { events } = await renderApp('/student/invitations', { as: student })
    await events.click(await screen.findByRole('button', { name: 'Accept Landing page' }))
    const item = screen.getByRole('listitem', { name: 'Landing page' })
    expect(await within(item).findByRole('alert')).toHaveTextContent('This task was filled by another student.')
    expect(await screen.findAllByText('This task was filled by another student.')).toHaveLength(2)
  })

  it('declines with an optional reason', async () => {
    const { student, task } = scene()
    const invitation = makeInvitation(task, student)
    const { events } = await renderApp('/student/invitations', { as: student })
    await events.click(await screen.findByRole('button', { name: 'Decline Landing page' }))
    const dialog = screen.getByRole('dialog', { name: "Decline 'Landing page'?" })
    await events.type(within(dialog).getByLabelText('Reason (optional)'), 'Busy until March')
    await events.click(within(dialog).getByRole('button', { name: 'Decline invitation' }))
    expect(await screen.findByText('Invitation declined')).toBeInTheDocument()
    expect(posts(`/api/student/invitations/${invitation._id}/decline`)[0]?.body).toEqual({ reason: 'Busy until March' })
    const item = screen.getByRole('listitem', { name: 'Landing page' })
    expect(await within(item).findByText('Declined')).toBeInTheDocument()
  })

  it('says when there are none, and shows a new one as it arrives, with a toast', async () => {
    const { student, task } = scene()
    await renderApp('/student/invitations', { as: student })
    expect(await screen.findByText(/No invitations yet/)).toBeInTheDocument()
    await waitFor(() => expect(isConnected(student._id)).toBe(true))
    const invitation = makeInvitation(task, student)
    act(() => pushEvent(student._id, 'invitation.new', invitation))
    expect(await screen.findByText('Nimbus Labs invited you to "Landing page"')).toBeInTheDocument()
    expect(await screen.findByRole('listitem', { name: 'Landing page' })).toBeInTheDocument()
  })

  it('is linked from the navigation, and the dashboard lists the pending ones', async () => {
    const { student, task } = scene()
    makeInvitation(task, student)
    await renderApp('/dashboard', { as: student })
    const section = await screen.findByRole('region', { name: 'Invitations' })
    expect(await within(section).findByRole('link', { name: 'Landing page' })).toHaveAttribute('href', '/student/invitations')
    expect(within(section).getByText(/Nimbus Labs invited you/)).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Invitations' })[0]).toHaveAttribute('href', '/student/invitations')
  })
})
