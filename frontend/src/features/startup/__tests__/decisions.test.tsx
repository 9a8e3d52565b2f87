import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

function scene() {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' })
  const student = seedAccount({ userType: 'student', firstName: 'Rosa', lastName: 'Diaz' }).user
  const task = makeTask(startup.user, { title: 'Landing page' })
  makeSubmission(task, student, { link: 'https://figma.com/rosa/landing' })
  return { startup, student, task }
}

const posted = (path: string) => market.requests.filter((r) => r.method === 'POST' && r.url.pathname === path).map((r) => r.body)

// docs/marketplace.md, "A first week: decisions, the student's dashboard, track records, one
// directory": every approve and reject, wherever offered, asks first and names who and what.
describe.each([
  ['the dashboard table', '/dashboard'],
  ['the submissions page', '/startup/submissions'],
  ['the task page', 'task'],
  ['My Works', '/startup/tasks'],
])('decisions from %s', (_where, route) => {
  async function open() {
    const s = scene()
    const view = await renderApp(route === 'task' ? `/startup/tasks/${s.task._id}` : route, { as: s.startup.user })
    return { ...s, ...view }
  }

  it('reject asks for a reason in a labelled field and sends it as reviewNotes', async () => {
    const { events, task, student } = await open()
    await events.click(await screen.findByRole('button', { name: "Reject Rosa Diaz's submission" }))
    const dialog = screen.getByRole('dialog', { name: "Reject Rosa Diaz's work on 'Landing page'?" })
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the student (optional)' })
    expect(reason).toHaveFocus()
    expect(reason).toHaveAccessibleDescription(/The student sees this reason/)
    await events.type(reason, 'The hero needs more contrast.')
    await events.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Work rejected')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/reject`)).toEqual([
      { studentId: student._id, reviewNotes: 'The hero needs more contrast.', revision: 1 },
    ])
  })

  it('Cancel and Escape close the dialogs without deciding', async () => {
    const { events, task } = await open()
    const reject = await screen.findByRole('button', { name: "Reject Rosa Diaz's submission" })
    await events.click(reject)
    await events.type(screen.getByRole('textbox', { name: 'Reason for the student (optional)' }), 'no')
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: "Approve Rosa Diaz's submission" }))
    // From a table, Approve reads the task's pay first.
    expect(await screen.findByRole('dialog', { name: "Approve Rosa Diaz's work on 'Landing page'?" })).toBeInTheDocument()
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await events.click(reject)
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([])
    expect(posted(`/api/startup/tasks/${task._id}/reject`)).toEqual([])
    expect(screen.getByRole('button', { name: "Approve Rosa Diaz's submission" })).toBeEnabled()
  })

  it('approve names who and what and closes the task unless the startup keeps it open', async () => {
    const { events, task, student } = await open()
    await events.click(await screen.findByRole('button', { name: "Approve Rosa Diaz's submission" }))
    const dialog = await screen.findByRole('dialog', { name: "Approve Rosa Diaz's work on 'Landing page'?" })
    expect(within(dialog).getByRole('radio', { name: /Close the task/ })).toBeChecked()
    await events.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Work approved!')).toBeInTheDocument()
    expect(posted(`/api/startup/tasks/${task._id}/approve`)).toEqual([
      { studentId: student._id, approve: true, reviewNotes: '', closeTask: true, revision: 1 },
    ])
  })
})

describe('startup dashboard greeting', () => {
  it('says Welcome on the first visit and Welcome back after', async () => {
    const { startup } = scene()
    const { unmount } = await renderApp('/dashboard', { as: startup.user })
    expect(await screen.findByText(/^Welcome, Nimbus Labs\./)).toBeInTheDocument()
    unmount()
    await renderApp('/dashboard', { as: startup.user })
    expect(await screen.findByText(/^Welcome back, Nimbus Labs\./)).toBeInTheDocument()
  })
})
