import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { resetMarket } from '@/testing/mocks/marketplace'
import { server } from '@/testing/mocks/server'
import { addSavedSearch, settingsMock } from '@/testing/mocks/settings'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

const posts = () => settingsMock.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/student/saved-searches').map((r) => r.body)

describe('Save this search on /tasks', () => {
  it('saves the filters in force under a name and says so', async () => {
    const student = seedAccount({ userType: 'student' }).user
    const { events } = await renderApp('/tasks?deadline=2026-12-01&sort=title', { as: student })
    await screen.findByRole('region', { name: 'Available Tasks' })
    await events.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'react hooks')
    await events.click(screen.getByRole('button', { name: 'Search' }))
    await events.selectOptions(screen.getByLabelText('Category'), 'web-development')
    await events.selectOptions(screen.getByLabelText('Source'), 'non-startup')

    await events.click(screen.getByRole('button', { name: 'Save this search' }))
    const dialog = screen.getByRole('dialog', { name: 'Save this search' })
    expect(dialog).toHaveAccessibleDescription(/"react hooks" · Web Development · before 1 Dec 2026 · open to everyone/)
    const name = within(dialog).getByLabelText('Name')
    expect(name).toHaveFocus()
    // A name made from the search is offered; the student may write their own.
    expect(name).toHaveValue('React hooks · Web Development · Before 1 Dec 2026 · Open to everyone')
    await events.clear(name)
    await events.type(name, 'React work{Enter}')

    expect(await screen.findByText('Search saved')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(posts()).toEqual([
      {
        name: 'React work',
        search: 'react hooks',
        category: 'web-development',
        skills: [],
        deadlineBefore: '2026-12-01',
        source: 'non-startup',
        paid: false,
      },
    ])
    expect(settingsMock.savedSearches.get(student._id)?.map((s) => s.name)).toEqual(['React work'])
  })

  it('keeps Paid only: in the name offered, the summary and what is saved', async () => {
    const { events } = await renderApp('/tasks?search=react&category=design&paid=true', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Save this search' }))
    const dialog = screen.getByRole('dialog', { name: 'Save this search' })
    expect(dialog).toHaveAccessibleDescription('You\'ll hear about new tasks matching: "react" · Design · paid only.')
    expect(within(dialog).getByLabelText('Name')).toHaveValue('React · Design · Paid only')
    await events.click(within(dialog).getByRole('button', { name: 'Save search' }))
    expect(await screen.findByText('Search saved')).toBeInTheDocument()
    expect(posts()).toEqual([
      { name: 'React · Design · Paid only', search: 'react', category: 'design', skills: [], deadlineBefore: '', source: '', paid: true },
    ])
  })

  it('offers "All tasks" for a search with no filter', async () => {
    const { events } = await renderApp('/tasks', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Save this search' }))
    expect(screen.getByLabelText('Name')).toHaveValue('All tasks')
  })

  it('asks for a name before sending anything', async () => {
    const { events } = await renderApp('/tasks', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Save this search' }))
    await events.clear(screen.getByLabelText('Name'))
    await events.click(screen.getByRole('button', { name: 'Save search' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required')
    expect(posts()).toEqual([])
  })

  it("shows the server's field error under Name", async () => {
    server.use(
      http.post('*/api/student/saved-searches', () =>
        HttpResponse.json(
          { error: 'Name must be at most 80 characters', code: 'invalid', fields: { name: 'Name must be at most 80 characters' } },
          { status: 400 },
        ),
      ),
    )
    const { events } = await renderApp('/tasks', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Save this search' }))
    await events.clear(screen.getByLabelText('Name'))
    await events.type(screen.getByLabelText('Name'), 'Émoji names count differently on the server')
    await events.click(screen.getByRole('button', { name: 'Save search' }))
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at most 80 characters'))
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeInTheDocument()
    expect(screen.queryByText('Search saved')).not.toBeInTheDocument()
  })

  it('says when the student already keeps 20 searches', async () => {
    const student = seedAccount({ userType: 'student' }).user
    for (let i = 0; i < 20; i++) addSavedSearch(student._id)
    const { events } = await renderApp('/tasks', { as: student })
    await events.click(await screen.findByRole('button', { name: 'Save this search' }))
    await events.clear(screen.getByLabelText('Name'))
    await events.type(screen.getByLabelText('Name'), 'One more')
    await events.click(screen.getByRole('button', { name: 'Save search' }))
    const dialog = screen.getByRole('dialog', { name: 'Save this search' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can keep at most 20 saved searches.')
    expect(settingsMock.savedSearches.get(student._id)).toHaveLength(20)
  })

  it('is offered to students only', async () => {
    await renderApp('/tasks', { as: 'startup' })
    await screen.findByRole('region', { name: 'Your Posted Tasks' })
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument()
  })

  it('is not offered to visitors', async () => {
    await renderApp('/tasks')
    await screen.findByText('No available tasks at the moment')
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument()
  })
})
