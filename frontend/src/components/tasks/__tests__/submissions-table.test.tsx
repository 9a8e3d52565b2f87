import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, resetMarket } from '@/testing/mocks/marketplace'
import { renderApp, renderWithRouter } from '@/testing/test-utils'
import type { SubmissionRow } from '@/types/tasks'
import { SubmissionsTable } from '../submissions-table'

/** Pretends the window is `width` px wide for every (min|max)-width media query. */
function viewportWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query)
    const min = /min-width:\s*([\d.]+)px/.exec(query)
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]))
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }
  })
}

afterEach(() => {
  vi.restoreAllMocks()
  resetMarket()
})

const student = createUser({ userType: 'student', firstName: 'Asha', lastName: 'Verma' })
const row: SubmissionRow = {
  _id: 'sub-1',
  student: { _id: student._id, firstName: 'Asha', lastName: 'Verma', email: student.email },
  link: 'https://dribbble.com/asha/logo',
  status: 'rejected',
  submittedAt: '2025-05-02T10:00:00Z',
  reviewNotes: 'Needs a darker blue',
  task: { _id: 'task-1', title: 'Design a logo', status: 'open', displayStatus: 'open' },
} as SubmissionRow

const actions = (r: SubmissionRow, name: string) => <button type="button">{`Approve ${name}'s submission (${r._id})`}</button>

describe('SubmissionsTable', () => {
  it('below 640 px: one card per row with task, student, link, status, date, notes and the row actions; no table', () => {
    viewportWidth(390)
    renderWithRouter(<SubmissionsTable rows={[row]} taskHref={(id) => `/startup/tasks/${id}`} actions={actions} />)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const card = within(screen.getByRole('list', { name: 'Submissions' })).getByRole('listitem', { name: 'Design a logo: Asha Verma' })
    expect(within(card).getByRole('link', { name: 'Design a logo' })).toHaveAttribute('href', '/startup/tasks/task-1')
    expect(card).toHaveTextContent(/StudentAsha Verma/)
    expect(within(card).getByRole('link', { name: 'https://dribbble.com/asha/logo' })).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(card).toHaveTextContent(/StatusRejected/)
    expect(card).toHaveTextContent('Task: Open')
    expect(card).toHaveTextContent('Notes: Needs a darker blue')
    expect(card).toHaveTextContent(/Submitted.*2025/)
    expect(within(card).getByRole('button', { name: "Approve Asha Verma's submission (sub-1)" })).toBeInTheDocument()
  })

  it('from 640 px: the table with its Actions column', () => {
    viewportWidth(1366)
    renderWithRouter(<SubmissionsTable rows={[row]} actions={actions} />)
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument()
    expect(within(table).getByRole('row', { name: /Asha Verma/ })).toHaveTextContent('Rejected')
    expect(screen.queryByRole('list', { name: 'Submissions' })).not.toBeInTheDocument()
  })

  it("the admin's read-only cards have no actions", () => {
    viewportWidth(390)
    renderWithRouter(<SubmissionsTable rows={[row]} />)
    const card = screen.getByRole('listitem', { name: 'Design a logo: Asha Verma' })
    expect(within(card).queryByRole('button')).not.toBeInTheDocument()
    expect(card).toHaveTextContent('Rejected')
  })

  it("a startup's /startup/submissions on a phone shows cards with Approve and Reject", async () => {
    viewportWidth(390)
    const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' })
    const asha = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    makeSubmission(makeTask(startup.user, { title: 'Design a logo' }), asha, { link: 'https://dribbble.com/asha/logo' })
    await renderApp('/startup/submissions', { as: startup.user })
    const card = await screen.findByRole('listitem', { name: 'Design a logo: Asha Verma' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(card).toHaveTextContent(/StatusPending/)
    expect(within(card).getByRole('button', { name: "Approve Asha Verma's submission" })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: "Reject Asha Verma's submission" })).toBeInTheDocument()
  })
})
