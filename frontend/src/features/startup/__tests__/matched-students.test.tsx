import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { makeInvitation, matching } from '@/testing/mocks/matching'
import { isConnected, pushEvent } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import type { User } from '@/types/api'

// The startup's task page ranks students for the task, says why, and invites from the list; a
// student already invited shows the invitation's status instead of Invite.

beforeEach(() => resetMarket())

function scene() {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' })
  const task = makeTask(startup.user, { title: 'Landing page', skills: ['React'] })
  const rosa = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
  const ben = seedAccount({ userType: 'student', firstName: 'Ben', lastName: 'Okoro' }).user
  matching.taskMatches.set(task._id, [
    { student: rosa, score: 87, reasons: ['React proved in 3 approved tasks', 'rated 4.8 from 5 startups'] },
    { student: ben, score: 52, reasons: ['claims React'] },
  ])
  return { startup, task, rosa, ben }
}

async function openPanel(as: User, taskId: string) {
  const view = await renderApp(`/startup/tasks/${taskId}`, { as })
  const panel = await screen.findByRole('region', { name: 'Find students' })
  return { ...view, panel }
}

describe('Find students on the task page', () => {
  it('lists the ranked students with score and reasons, and an invitation status where one was sent', async () => {
    const { startup, task, ben } = scene()
    makeInvitation(task, ben, { status: 'accepted' })
    const { panel } = await openPanel(startup.user, task._id)
    expect(within(panel).getByRole('heading', { name: 'Find students' })).toBeInTheDocument()
    expect(within(panel).getByText(/^Ranked for this task/)).toBeInTheDocument()
    const rows = await within(panel).findAllByRole('listitem', { name: /Rosa Diaz|Ben Okoro/ })
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Rosa Diaz', 'Ben Okoro'])
    const first = rows[0]!
    expect(within(first).getByText('Score 87')).toBeInTheDocument()
    const why = within(first).getByRole('list', { name: 'Why Rosa Diaz matches' })
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['React proved in 3 approved tasks', 'rated 4.8 from 5 startups'])
    expect(within(first).getByRole('button', { name: 'Invite Rosa Diaz' })).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Accepted')).toBeInTheDocument()
    expect(within(rows[1]!).queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument()
  })

  it('invites with an optional message, and the student then reads as Invited', async () => {
    const { startup, task, rosa } = scene()
    const { events, panel } = await openPanel(startup.user, task._id)
    await events.click(await within(panel).findByRole('button', { name: 'Invite Rosa Diaz' }))
    const dialog = screen.getByRole('dialog', { name: "Invite Rosa Diaz to 'Landing page'?" })
    await events.type(within(dialog).getByLabelText('Message (optional)'), 'Your React work fits.')
    await events.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Invitation sent to Rosa Diaz')).toBeInTheDocument()
    const post = market.requests.find((r) => r.method === 'POST' && r.url.pathname === `/api/startup/tasks/${task._id}/invitations`)
    expect(post?.body).toEqual({ studentId: rosa._id, message: 'Your React work fits.' })
    const row = within(panel).getByRole('listitem', { name: 'Rosa Diaz' })
    expect(await within(row).findByText('Invited')).toBeInTheDocument()
  })

  it("shows the server's refusal in the dialog and as a toast", async () => {
    const { startup, task } = scene()
    server.use(
      http.post('*/api/startup/tasks/:id/invitations', () =>
        HttpResponse.json({ message: 'This student takes no invitations.', code: 'conflict' }, { status: 409 }),
      ),
    )
    const { events, panel } = await openPanel(startup.user, task._id)
    await events.click(await within(panel).findByRole('button', { name: 'Invite Rosa Diaz' }))
    const dialog = screen.getByRole('dialog')
    await events.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This student takes no invitations.')
    expect(await screen.findAllByText('This student takes no invitations.')).toHaveLength(2)
  })

  it('shows an answer as it arrives, with a toast', async () => {
    const { startup, task, rosa } = scene()
    const invitation = makeInvitation(task, rosa)
    const { panel } = await openPanel(startup.user, task._id)
    const row = await within(panel).findByRole('listitem', { name: 'Rosa Diaz' })
    expect(await within(row).findByText('Invited')).toBeInTheDocument()
    await waitFor(() => expect(isConnected(startup.user._id)).toBe(true))
    Object.assign(invitation, { status: 'accepted', answeredAt: '2029-12-03T00:00:00Z' })
    act(() => pushEvent(startup.user._id, 'invitation.answered', invitation))
    expect(await screen.findByText('Rosa Diaz accepted your invitation to "Landing page"')).toBeInTheDocument()
    expect(await within(row).findByText('Accepted')).toBeInTheDocument()
  })

  it('says when no student matches yet', async () => {
    const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' })
    const task = makeTask(startup.user, { title: 'Old survey' })
    const { panel } = await openPanel(startup.user, task._id)
    expect(await within(panel).findByText(/No students match this task yet/)).toBeInTheDocument()
  })

  it('offers no Invite once the task has ended', async () => {
    const { startup, task } = scene()
    Object.assign(task, { status: 'closed', displayStatus: 'closed' })
    const { panel } = await openPanel(startup.user, task._id)
    expect(await within(panel).findByRole('listitem', { name: 'Rosa Diaz' })).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument()
  })

  it('shows an error with Retry when the matches fail', async () => {
    const { startup, task } = scene()
    server.use(http.get('*/api/startup/tasks/:id/matches', () => HttpResponse.json({ message: 'boom' }, { status: 500 })))
    const { panel } = await openPanel(startup.user, task._id)
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Failed to load matched students')
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
