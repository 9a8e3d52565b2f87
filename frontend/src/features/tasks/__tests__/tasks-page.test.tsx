import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeSubmission, makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { pagedJson } from '@/testing/mocks/paging'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

const lastRequest = (path: string) => [...market.requests].reverse().find((r) => r.url.pathname === path)

describe('/tasks signed out', () => {
  it('lists open tasks read-only, with skills 3 then +N more and Read more on long descriptions', async () => {
    const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
    makeTask(startup, { title: 'Build a landing page', skills: ['React', 'CSS', 'Figma', 'Tailwind', 'Vite'], description: 'x'.repeat(400) })
    await renderApp('/tasks')
    const card = await screen.findByRole('article', { name: 'Build a landing page' })
    expect(within(card).getByText('Nimbus Labs')).toBeInTheDocument()
    const skills = within(card).getByRole('list', { name: 'Skills' })
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['React', 'CSS', 'Figma', '+2 more'])
    expect(within(card).getByRole('button', { name: 'Read more' })).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Submit Task' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to submit work' })).toBeInTheDocument()
  })

  it('offers no Best match sort to a visitor', async () => {
    await renderApp('/tasks')
    expect(within(await screen.findByLabelText('Sort by')).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument()
  })

  it("badges a verified startup's tasks, and only those", async () => {
    const verified = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
    const other = seedAccount({ userType: 'startup', companyName: 'Google LLC' }).user
    const task = makeTask(verified, { title: 'Verified work' })
    task.startup = { ...task.startup!, verifiedDomain: 'nimbus.io' }
    makeTask(other, { title: 'Unverified work' })
    await renderApp('/tasks')
    const card = await screen.findByRole('article', { name: 'Verified work' })
    expect(within(card).getByText('nimbus.io verified')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Unverified work' })).queryByText(/ verified$/)).not.toBeInTheDocument()
  })

  it('sends search, filters and sort to the server and keeps them in the URL', async () => {
    const { events, router } = await renderApp('/tasks')
    await screen.findByText('No available tasks at the moment')
    await events.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'landing page')
    await events.click(screen.getByRole('button', { name: 'Search' }))
    await events.selectOptions(screen.getByLabelText('Category'), 'web-development')
    await events.selectOptions(screen.getByLabelText('Sort by'), 'title')
    await waitFor(() => {
      const params = lastRequest('/api/tasks')!.url.searchParams
      expect(Object.fromEntries(params)).toEqual({ search: 'landing page', category: 'web-development', sort: 'title', page: '1', per_page: '12' })
    })
    expect(router.location.search).toBe('?search=landing+page&category=web-development&sort=title')
  })

  it('keeps a filter changed before the previous change has reached the page', async () => {
    const { router } = await renderApp('/tasks', { transitions: true })
    await screen.findByText('No available tasks at the moment')
    // Two changes in one tick, as a quick hand or a browser driver makes them: the second comes
    // before the page has re-rendered with the first, and must not undo it.
    // eslint-disable-next-line testing-library/no-unnecessary-act -- one act, so both changes land in one tick
    act(() => {
      fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'design' } })
      fireEvent.change(screen.getByLabelText('Deadline on or before'), { target: { value: '2026-12-29' } })
    })
    await waitFor(() => expect(router.location.search).toBe('?category=design&deadline=2026-12-29'))
  })
})

describe('/tasks paging', () => {
  it('asks for 12 tasks a page and goes to page 2 where the Link header says there is one', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    Array.from({ length: 13 }, (_, i) => makeTask(startup, { title: `Market task ${i + 1}` }))
    const { events, router } = await renderApp('/tasks')
    const list = await screen.findByRole('region', { name: 'Available Tasks' })
    expect(await within(list).findAllByRole('article')).toHaveLength(12)
    expect(within(list).getByText('13 tasks')).toBeInTheDocument()
    expect(Object.fromEntries(lastRequest('/api/tasks')!.url.searchParams)).toEqual({ page: '1', per_page: '12' })
    const pager = within(list).getByRole('navigation', { name: 'Available Tasks pages' })
    expect(pager).toHaveTextContent('Page 1 of 2')
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()

    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await within(list).findByRole('article', { name: 'Market task 13' })).toBeInTheDocument()
    expect(within(list).getAllByRole('article')).toHaveLength(1)
    expect(router.location.search).toBe('?page=2')
    expect(Object.fromEntries(lastRequest('/api/tasks')!.url.searchParams)).toEqual({ page: '2', per_page: '12' })
    expect(pager).toHaveTextContent('Page 2 of 2')
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeEnabled()
  })

  it('offers Next on a market the server did not count (no X-Total-Count, no rel="last")', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    const items = Array.from({ length: 30 }, (_, i) => makeTask(startup, { title: `Capped task ${i + 1}` }))
    server.use(http.get('*/api/tasks', ({ request }) => pagedJson(items, request, { counted: false })))
    const { events, router } = await renderApp('/tasks')
    const list = await screen.findByRole('region', { name: 'Available Tasks' })
    expect(await within(list).findAllByRole('article')).toHaveLength(12)
    // No count it does not have.
    expect(within(list).queryByText(/\d+ tasks?$/)).not.toBeInTheDocument()
    const pager = within(list).getByRole('navigation', { name: 'Available Tasks pages' })
    expect(within(pager).getByText(/^Page/)).toHaveTextContent(/^Page 1$/)
    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await within(list).findByRole('article', { name: 'Capped task 13' })).toBeInTheDocument()
    expect(router.location.search).toBe('?page=2')
    expect(within(pager).getByText(/^Page/)).toHaveTextContent(/^Page 2$/)
    // Six more tasks follow, so Next stays; after them it goes.
    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await within(list).findByRole('article', { name: 'Capped task 25' })).toBeInTheDocument()
    expect(within(list).getAllByRole('article')).toHaveLength(6)
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
  })
})

describe('/tasks filters on a phone', () => {
  it('fold behind a Filters button that counts the filters on', async () => {
    const { events } = await renderApp('/tasks?category=design&paid=true&sort=title&search=logo')
    const toggle = await screen.findByRole('button', { name: 'Filters (2)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // eslint-disable-next-line testing-library/no-node-access -- the panel is the element the toggle names in aria-controls
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    // Folded below the sm breakpoint by its classes (jsdom applies no stylesheet).
    expect(panel).toHaveClass('hidden', 'sm:block')
    expect(within(panel).getByLabelText('Category')).toHaveValue('design')
    await events.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(panel).not.toHaveClass('hidden')
  })
})

describe('/tasks as a student', () => {
  it('lists assigned tasks under Your Assigned Tasks and tasks only submitted to under Your Submitted Tasks', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    const student = seedAccount({ userType: 'student', firstName: 'Asha' })
    const submittedTo = makeTask(startup, { title: 'Submitted to' })
    makeSubmission(submittedTo, student.user)
    submittedTo.displayStatus = 'submitted'
    makeTask(startup, { title: 'Given to Asha', assignedStudent: { _id: student.user._id, id: student.user._id, firstName: 'Asha', lastName: '' } })
    makeTask(startup, { title: 'Open one' })
    await renderApp('/tasks', { as: student.user })
    const assigned = await screen.findByRole('region', { name: 'Your Assigned Tasks' })
    expect(await within(assigned).findByRole('article', { name: 'Given to Asha' })).toBeInTheDocument()
    expect(within(assigned).queryByRole('article', { name: 'Submitted to' })).not.toBeInTheDocument()
    expect(assigned).toHaveTextContent('Tasks a startup assigned to you.')
    const submitted = await screen.findByRole('region', { name: 'Your Submitted Tasks' })
    expect(within(submitted).getByRole('article', { name: 'Submitted to' })).toHaveTextContent('Link Submitted - Awaiting Review')
    const available = screen.getByRole('region', { name: 'Available Tasks' })
    expect(within(available).getByRole('article', { name: 'Open one' })).toBeInTheDocument()
    expect(screen.getByLabelText('Source')).toBeInTheDocument()
    const asked = market.requests.filter((r) => r.url.pathname === '/api/student/tasks/all').map((r) => Object.fromEntries(r.url.searchParams))
    expect(asked).toEqual(
      expect.arrayContaining([
        { scope: 'available', page: '1', per_page: '12' },
        { scope: 'mine', source: 'startup', page: '1', per_page: '12' },
        { scope: 'mine', source: 'non-startup', page: '1', per_page: '12' },
      ]),
    )
  })

  it('says what failed in the student’s words, and Retry asks again', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    makeTask(startup, { title: 'Open one' })
    let failures = 1
    server.use(
      http.get('*/api/student/tasks/all', ({ request }) =>
        new URL(request.url).searchParams.get('scope') === 'available' && failures-- > 0
          ? HttpResponse.json({ message: 'down' }, { status: 503 })
          : undefined,
      ),
    )
    const { events } = await renderApp('/tasks', { as: 'student' })
    const available = screen.getByRole('region', { name: 'Available Tasks' })
    expect(await within(available).findByRole('alert')).toHaveTextContent('Failed to fetch available tasks')
    expect(screen.queryByText('Failed to fetch works')).not.toBeInTheDocument()
    await events.click(within(available).getByRole('button', { name: 'Retry' }))
    expect(await within(available).findByRole('article', { name: 'Open one' })).toBeInTheDocument()
  })

  it('checks the link, then submits it and says so', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    const task = makeTask(startup, { title: 'Open one' })
    const { events } = await renderApp('/tasks', { as: 'student' })
    const card = await screen.findByRole('article', { name: 'Open one' })
    const submit = within(card).getByRole('button', { name: 'Submit Task' })
    expect(submit).toBeDisabled()
    const input = within(card).getByLabelText('Link to your work for Open one')
    await events.type(input, 'not a link')
    await events.click(submit)
    expect(input).toHaveAccessibleDescription('Please enter a valid URL starting with http:// or https://')
    await events.clear(input)
    await events.type(input, 'https://github.com/me/work')
    await events.click(submit)
    expect(await screen.findByText('Link submitted successfully!')).toBeInTheDocument()
    expect(lastRequest(`/api/student/tasks/${task._id}/submit-link`)!.body).toEqual({ link: 'https://github.com/me/work' })
  })

  it('offers Best match, sent as sort=best-match for the open market only', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    makeTask(startup, { title: 'Landing page' })
    const { events, router } = await renderApp('/tasks', { as: 'student' })
    await screen.findByRole('article', { name: 'Landing page' })
    await events.selectOptions(screen.getByLabelText('Sort by'), 'Best match')
    await waitFor(() => expect(router.location.search).toBe('?sort=best-match'))
    const studentLists = (scope: string) =>
      market.requests.filter((r) => r.url.pathname === '/api/student/tasks/all' && r.url.searchParams.get('scope') === scope)
    await waitFor(() => expect(studentLists('available').at(-1)?.url.searchParams.get('sort')).toBe('best-match'))
    expect(studentLists('mine').map((r) => r.url.searchParams.get('sort'))).not.toContain('best-match')
  })
})

describe('/tasks as a startup', () => {
  it('shows Your Posted Tasks with its empty state', async () => {
    await renderApp('/tasks', { as: 'startup' })
    const posted = await screen.findByRole('region', { name: 'Your Posted Tasks' })
    expect(within(posted).getByText('No tasks posted yet')).toBeInTheDocument()
    expect(screen.queryByLabelText('Source')).not.toBeInTheDocument()
  })
})

describe('/tasks pay, paid filter and no-match', () => {
  it('shows pay with its currency on every card, and the title opens the task page', async () => {
    const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
    const paid = makeTask(startup, { title: 'Paid logo', budget: { min: 100, max: 250 }, currency: 'USD' })
    makeTask(startup, { title: 'Volunteer copy', budget: { min: 0, max: 0 } })
    makeTask(startup, { title: 'Euro work', budget: { min: 0, max: 300 }, currency: 'EUR' })
    const { events, router } = await renderApp('/tasks')
    const card = await screen.findByRole('article', { name: 'Paid logo' })
    expect(within(card).getByText('$100–$250')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Volunteer copy' })).getByText('Unpaid — certificate only')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Euro work' })).getByText('Up to €300')).toBeInTheDocument()
    const title = within(card).getByRole('link', { name: 'Paid logo' })
    expect(title).toHaveAttribute('href', `/tasks/${paid._id}`)
    title.focus()
    expect(title).toHaveFocus()
    await events.keyboard('{Enter}')
    await waitFor(() => expect(router.location.pathname).toBe(`/tasks/${paid._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Paid logo' })).toBeInTheDocument()
  })

  it('sends Paid only and Highest pay to the server and keeps them in the URL', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    makeTask(startup, { title: 'Small', budget: { min: 10, max: 50 } })
    makeTask(startup, { title: 'Big', budget: { min: 100, max: 900 } })
    makeTask(startup, { title: 'Free', budget: { min: 0, max: 0 } })
    const { events, router } = await renderApp('/tasks')
    await screen.findByRole('article', { name: 'Free' })
    await events.click(screen.getByRole('checkbox', { name: 'Paid only' }))
    await events.selectOptions(screen.getByLabelText('Sort by'), 'pay')
    await waitFor(() => {
      const params = lastRequest('/api/tasks')!.url.searchParams
      expect(params.get('paid')).toBe('true')
      expect(params.get('sort')).toBe('pay')
    })
    expect(router.location.search).toBe('?sort=pay&paid=true')
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Free' })).not.toBeInTheDocument())
    const list = screen.getByRole('region', { name: 'Available Tasks' })
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Big', 'Small'])
  })

  it('says No tasks match your filters with Clear filters, which resets the URL', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    makeTask(startup, { title: 'Build a landing page' })
    const { events, router } = await renderApp('/tasks?search=blockchain&category=design')
    expect(await screen.findByText('No tasks match your filters')).toBeInTheDocument()
    expect(screen.queryByText('No available tasks at the moment')).not.toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.location.search).toBe(''))
    expect(await screen.findByRole('article', { name: 'Build a landing page' })).toBeInTheDocument()
  })

  it('keeps No available tasks at the moment when nothing is filtered', async () => {
    await renderApp('/tasks')
    expect(await screen.findByText('No available tasks at the moment')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument()
  })
})
