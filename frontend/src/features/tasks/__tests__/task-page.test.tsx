import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

function scene() {
  const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
  const task = makeTask(startup, {
    title: 'Design a logo',
    description: 'A logo for our beta.\nSVG and PNG.',
    budget: { min: 100, max: 250 },
    currency: 'EUR',
    skills: ['Figma', 'Illustrator', 'Branding', 'SVG'],
    difficulty: 'intermediate',
    estimatedHours: 6,
    revisionRounds: 2,
    attachments: [{ name: 'brand-guide.png', url: '/api/files/0193c000-0000-7000-8000-000000000009' }],
  })
  task.startup = { ...task.startup!, verifiedDomain: 'nimbus.io' }
  return { startup, task }
}

describe('/tasks/:id', () => {
  it('shows a visitor the whole brief with pay, and a sign-in link instead of the submit form', async () => {
    const { task } = scene()
    await renderApp(`/tasks/${task._id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Design a logo' })).toBeInTheDocument()
    expect(screen.getByText('€100–€250')).toBeInTheDocument()
    expect(screen.getByText(/SVG and PNG/)).toBeInTheDocument()
    expect(
      within(screen.getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Figma', 'Illustrator', 'Branding', 'SVG'])
    expect(screen.getByText('Intermediate')).toBeInTheDocument()
    expect(screen.getByText('6 h')).toBeInTheDocument()
    expect(screen.getByText('Up to 2')).toBeInTheDocument()
    expect(screen.getByText('nimbus.io verified')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'brand-guide.png' })).toBeInTheDocument()
    // A visitor cannot open a startup's page: its name is plain text.
    expect(screen.queryByRole('link', { name: 'Nimbus Labs' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to submit your work' })).toHaveAttribute('href', `/login?next=%2Ftasks%2F${task._id}`)
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })

  it('lists every file under Attachments: the task picture as well as the attachments', async () => {
    const { task } = scene()
    task.imageUrl = '/api/files/0193c000-0000-7000-8000-000000000008'
    await renderApp(`/tasks/${task._id}`)
    const files = within(await screen.findByRole('region', { name: 'Attachments' })).getAllByRole('link')
    expect(files.map((link) => [link.textContent, new URL(link.getAttribute('href')!).pathname])).toEqual([
      ['Task picture', '/api/files/0193c000-0000-7000-8000-000000000008'],
      ['brand-guide.png', '/api/files/0193c000-0000-7000-8000-000000000009'],
    ])
  })

  it('signs a visitor in from "Sign in to submit your work" and back to the task', async () => {
    const { task } = scene()
    seedAccount({ userType: 'student', email: 'asha@example.com' }, 'secret123')
    const { events, router } = await renderApp(`/tasks/${task._id}`)
    await events.click(await screen.findByRole('link', { name: 'Sign in to submit your work' }))
    await events.type(await screen.findByLabelText(/^Email/), 'asha@example.com')
    await events.type(screen.getByLabelText(/^Password/), 'secret123')
    await events.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.location.pathname).toBe(`/tasks/${task._id}`), { timeout: 3000 })
    expect(await screen.findByRole('textbox', { name: 'Link to your work for Design a logo' })).toBeInTheDocument()
  })

  it('opens the revision form focused for the submission ?revise= names, while it awaits a revision', async () => {
    const { task } = scene()
    const student = seedAccount({ userType: 'student', firstName: 'Asha' }).user
    const sub = makeSubmission(task, student, { status: 'changes_requested', reviewNotes: 'Add a dark version' })
    await renderApp(`/tasks/${task._id}?revise=${sub._id}`, { as: student })
    const input = await screen.findByRole('textbox', { name: 'Link to your work for Design a logo' })
    await waitFor(() => expect(input).toHaveFocus())
    expect(screen.getByRole('button', { name: 'Submit revision 2' })).toBeInTheDocument()
  })

  it('leaves the focus alone when ?revise= names another submission', async () => {
    const { task } = scene()
    const student = seedAccount({ userType: 'student', firstName: 'Asha' }).user
    makeSubmission(task, student, { status: 'changes_requested' })
    await renderApp(`/tasks/${task._id}?revise=someone-else`, { as: student })
    const input = await screen.findByRole('textbox', { name: 'Link to your work for Design a logo' })
    expect(input).not.toHaveFocus()
  })

  it('lets a student submit, then shows Your link with Update link rather than replacing it silently', async () => {
    const { task } = scene()
    const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    const { events } = await renderApp(`/tasks/${task._id}`, { as: student })
    await screen.findByRole('heading', { level: 1, name: 'Design a logo' })
    expect(screen.getByRole('link', { name: 'Nimbus Labs' })).toHaveAttribute('href', `/startup/${task.startup!._id}`)
    await events.type(screen.getByRole('textbox', { name: 'Link to your work for Design a logo' }), 'https://dribbble.com/asha/logo')
    await events.click(screen.getByRole('button', { name: 'Submit Task' }))
    const yourLink = await screen.findByRole('link', { name: 'https://dribbble.com/asha/logo' })
    // eslint-disable-next-line testing-library/no-node-access -- the link finishes the line its label starts
    expect(yourLink.closest('p')).toHaveTextContent('Your link: https://dribbble.com/asha/logo')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getByText('Pending')).toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: 'Update link for Design a logo' }))
    const input = screen.getByRole('textbox', { name: 'Link to your work for Design a logo' })
    await events.clear(input)
    await events.type(input, 'https://dribbble.com/asha/logo-v2')
    await events.click(screen.getByRole('button', { name: 'Update link' }))
    expect(await screen.findByRole('link', { name: 'https://dribbble.com/asha/logo-v2' })).toBeInTheDocument()
    const sent = market.requests.filter((r) => r.method === 'POST' && r.url.pathname === `/api/student/tasks/${task._id}/submit-link`)
    expect(sent.map((r) => r.body)).toEqual([{ link: 'https://dribbble.com/asha/logo' }, { link: 'https://dribbble.com/asha/logo-v2' }])
  })

  it("shows a student's earlier submission and its status from the server", async () => {
    const { task } = scene()
    const student = seedAccount({ userType: 'student', firstName: 'Asha' }).user
    makeSubmission(task, student, { link: 'https://github.com/asha/logo', status: 'under-review' })
    await renderApp(`/tasks/${task._id}`, { as: student })
    expect(await screen.findByRole('link', { name: 'https://github.com/asha/logo' })).toBeInTheDocument()
    expect(screen.getByText('Under Review')).toBeInTheDocument()
    // Under review: no more links.
    expect(screen.queryByRole('button', { name: /Update link/ })).not.toBeInTheDocument()
  })

  it('past its deadline takes no new work, but work already sent may still be revised', async () => {
    const { task } = scene()
    task.deadlinePassed = true
    const newcomer = seedAccount({ userType: 'student', firstName: 'Bo' }).user
    const { unmount } = await renderApp(`/tasks/${task._id}`, { as: newcomer })
    expect(await screen.findByText("This task's deadline has passed: it takes no new submissions.")).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    unmount()

    const asha = seedAccount({ userType: 'student', firstName: 'Asha' }).user
    makeSubmission(task, asha, { link: 'https://github.com/asha/logo' })
    await renderApp(`/tasks/${task._id}`, { as: asha })
    expect(await screen.findByRole('button', { name: 'Update link for Design a logo' })).toBeInTheDocument()
  })

  it('shows another startup the brief without any submit action', async () => {
    const { task } = scene()
    const other = seedAccount({ userType: 'startup', companyName: 'Leaf Co' }).user
    await renderApp(`/tasks/${task._id}`, { as: other })
    expect(await screen.findByRole('heading', { level: 1, name: 'Design a logo' })).toBeInTheDocument()
    expect(screen.getByText('€100–€250')).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in to submit your work' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Manage this task' })).not.toBeInTheDocument()
  })

  it('offers the owner to manage the task', async () => {
    const { startup, task } = scene()
    await renderApp(`/tasks/${task._id}`, { as: startup })
    expect(await screen.findByRole('link', { name: 'Manage this task' })).toHaveAttribute('href', `/startup/tasks/${task._id}`)
  })

  it('says Task not found for a task the viewer may not see', async () => {
    const { task } = scene()
    const asha = seedAccount({ userType: 'student' }).user
    task.assignedStudent = { _id: asha._id, id: asha._id }
    await renderApp(`/tasks/${task._id}`)
    expect(await screen.findByText('Task not found.')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Back to all tasks' })).toBeInTheDocument()
  })
})
