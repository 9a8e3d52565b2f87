import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { makeActivity } from '@/testing/mocks/admin'
import { pagedJson } from '@/testing/mocks/paging'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import { activitySummary } from '../components/activity-chart'

const ada = createUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })
/** Ada and 24 more: two pages of 20 unsearched; the search "quinn" keeps 21 of them. */
const others = Array.from({ length: 24 }, (_, i) => createUser({ firstName: `Quinn${String(i + 1).padStart(2, '0')}`, lastName: 'Tester' }))
const students = [ada, ...others]

/** Students answered like the server: searched by name or e-mail, sorted, paged. */
function mockStudents() {
  const asked: Array<Record<string, string>> = []
  server.use(
    http.get('*/api/admin/stats', () => HttpResponse.json({ students: 25, startups: 2, tasks: 31 })),
    http.get('*/api/admin/students', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      asked.push(query)
      const search = (query.search ?? '').toLowerCase()
      let list = students.filter((s) => `${s.firstName} ${s.lastName} ${s.email}`.toLowerCase().includes(search))
      list = query.sort === 'name' ? [...list].sort((a, b) => b.firstName.localeCompare(a.firstName)) : list
      return pagedJson(list, request)
    }),
  )
  return asked
}

describe('/admin/dashboard home', () => {
  it('has tiles that are links, reached with Tab and opened with Enter', async () => {
    mockStudents()
    const { events, router } = await renderApp('/admin/dashboard', { as: 'admin' })
    const students = await screen.findByRole('link', { name: /^Students\s*25$/ })
    expect(students).toHaveAttribute('href', '/admin/dashboard?view=students')
    expect(screen.getByRole('link', { name: /^Startups\s*2$/ })).toHaveAttribute('href', '/admin/dashboard?view=startups')
    expect(screen.getByRole('link', { name: /^Tasks\s*31$/ })).toHaveAttribute('href', '#activity')
    expect(screen.getByRole('link', { name: 'Help requests' })).toHaveAttribute('href', '/admin/dashboard?view=help')
    const audit = screen.getByRole('link', { name: 'Audit trail' })
    expect(audit).toHaveAttribute('href', '/admin/audit')
    expect(audit).toHaveAccessibleDescription('Who did what, when')

    students.focus()
    await events.keyboard('{Enter}')
    expect(await screen.findByRole('table', { name: 'Students' })).toBeInTheDocument()
    expect(router.location.search).toBe('?view=students')
  })

  it("shows this week's figures, the weekly chart summarised for screen readers, and submissions by status", async () => {
    const activity = makeActivity({
      thisWeek: { week: '2026-11-23', signups: 6, submissions: 13, certificates: 3, openTasks: 9 },
      submissionsByStatus: { approved: 7, pending: 4, 'under-review': 1, changes_requested: 0, rejected: 2, closed: 0 },
    })
    server.use(http.get('*/api/admin/activity', () => HttpResponse.json(activity)))
    await renderApp('/admin/dashboard', { as: 'admin' })

    const figures = await screen.findByText('Sign-ups this week')
    // A figure is the <dd> after its <dt>: that pairing is what is checked.
    /* eslint-disable testing-library/no-node-access */
    expect(figures.nextElementSibling).toHaveTextContent('6')
    expect(screen.getByText('Submissions this week').nextElementSibling).toHaveTextContent('13')
    expect(screen.getByText('Certificates this week').nextElementSibling).toHaveTextContent('3')
    expect(screen.getByText('Open tasks').nextElementSibling).toHaveTextContent('9')
    /* eslint-enable testing-library/no-node-access */

    // makeActivity's weeks: sign-ups 0..11 (66), submissions 0..22 (132), certificates i % 3 (12).
    const chart = screen.getByRole('img', { name: /^Weekly activity over the last 12 weeks/ })
    expect(chart).toHaveAccessibleName(
      'Weekly activity over the last 12 weeks, from the week of Sep 7: 66 sign-ups, 132 submissions and 12 certificates issued. ' +
        'This week so far: 11 sign-ups, 22 submissions, 2 certificates.',
    )
    // eslint-disable-next-line testing-library/no-node-access -- the bars are SVG rects inside the labelled image, with no role of their own
    expect(chart.querySelectorAll('rect')).toHaveLength(36)
    // The tallest bar (22 submissions) is the full height; the others scale to it.
    expect(screen.getByText('Tallest bar: 22')).toBeInTheDocument()
    // eslint-disable-next-line testing-library/no-node-access -- the bars' heights are the rects' attributes
    const heights = [...chart.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')))
    expect(Math.max(...heights)).toBe(152)
    expect(heights[heights.length - 2]).toBe(152)
    const figuresTable = screen.getByRole('table', { name: 'Activity per week' })
    expect(within(figuresTable).getByRole('row', { name: 'Nov 23 11 22 2' })).toBeInTheDocument()

    const byStatus = screen.getByRole('list', { name: 'Submissions by status' })
    const items = within(byStatus)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(items).toEqual(['Pending4', 'Under review1', 'Changes requested0', 'Approved7', 'Rejected2', 'Closed0'])
  })

  it('says when it could not load the activity', async () => {
    server.use(http.get('*/api/admin/activity', () => HttpResponse.json({ message: 'boom' }, { status: 500 })))
    await renderApp('/admin/dashboard', { as: 'admin' })
    expect(await screen.findByText('Failed to load activity')).toBeInTheDocument()
  })

  it('summarises no weeks without failing', () => {
    expect(activitySummary([])).toBe('Weekly activity: no weeks to show.')
  })
})

describe('/admin/dashboard students table', () => {
  it('searches, sorts and pages through the request and the URL', async () => {
    const asked = mockStudents()
    const { events, router } = await renderApp('/admin/dashboard?view=students', { as: 'admin' })
    await screen.findByRole('table', { name: 'Students' })
    expect(asked).toEqual([{ page: '1', per_page: '20' }])

    await events.type(screen.getByRole('searchbox', { name: 'Search students' }), 'quinn{Enter}')
    await screen.findByRole('row', { name: /Quinn01/ })
    expect(asked.at(-1)).toEqual({ page: '1', per_page: '20', search: 'quinn' })
    expect(router.location.search).toBe('?view=students&page=1&search=quinn')
    expect(screen.queryByRole('row', { name: /Ada Lovelace/ })).not.toBeInTheDocument()

    await events.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name')
    expect(await screen.findByRole('row', { name: /Quinn24/ })).toBeInTheDocument()
    expect(asked.at(-1)).toEqual({ page: '1', per_page: '20', search: 'quinn', sort: 'name' })

    const pager = screen.getByRole('navigation', { name: 'Students pages' })
    expect(pager).toHaveTextContent('Page 1 of 2')
    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('row', { name: /Quinn01/ })).toBeInTheDocument()
    expect(asked.at(-1)).toEqual({ page: '2', per_page: '20', search: 'quinn', sort: 'name' })
    expect(router.location.search).toBe('?view=students&page=2&search=quinn&sort=name')
    // The search box keeps what the URL says.
    expect(screen.getByRole('searchbox', { name: 'Search students' })).toHaveValue('quinn')

    // A new search starts again at page 1; one that matches nobody says so.
    await events.clear(screen.getByRole('searchbox', { name: 'Search students' }))
    await events.type(screen.getByRole('searchbox', { name: 'Search students' }), 'nobody{Enter}')
    expect(await screen.findByText('No students match your search.')).toBeInTheDocument()
    expect(asked.at(-1)).toEqual({ page: '1', per_page: '20', search: 'nobody', sort: 'name' })
  })

  it('keeps a search made before the previous change has reached the page', async () => {
    mockStudents()
    const { router } = await renderApp('/admin/dashboard?view=students', { as: 'admin', transitions: true })
    await screen.findByRole('table', { name: 'Students' })
    // A sort, then a search in the same tick: the page still renders the unsorted URL.
    // eslint-disable-next-line testing-library/no-unnecessary-act -- one act, so the three events land in one tick
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'name' } })
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search students' }), { target: { value: 'quinn' } })
      fireEvent.submit(screen.getByRole('search', { name: 'Search students' }))
    })
    await waitFor(() => expect(router.location.search).toBe('?view=students&page=1&search=quinn&sort=name'))
  })

  it('opens from a shared link with its search, sort and page', async () => {
    const asked = mockStudents()
    await renderApp('/admin/dashboard?view=students&page=2&search=quinn&sort=name', { as: 'admin' })
    await screen.findByRole('row', { name: /Quinn01/ })
    expect(asked).toEqual([{ page: '2', per_page: '20', search: 'quinn', sort: 'name' }])
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name')
  })

  it('lays each row out as a card of label: value lines below 640 px', async () => {
    mockStudents()
    await renderApp('/admin/dashboard?view=students', { as: 'admin' })
    const table = await screen.findByRole('table', { name: 'Students' })
    const head = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    // Below sm the head is hidden and rows are blocks; from sm they are a table again.
    expect(within(table).getAllByRole('rowgroup')[0]).toHaveClass('hidden', 'sm:table-header-group')
    const row = within(table).getByRole('row', { name: /Ada Lovelace/ })
    expect(row).toHaveClass('block', 'sm:table-row')
    // Each cell carries its column's heading as the label its card line shows.
    const cells = within(row).getAllByRole('cell')
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(head)
    expect(cells[2]).toHaveTextContent('ada@example.com')
    expect(cells[2]).toHaveClass('flex', 'sm:table-cell', 'before:content-[attr(data-label)]')
  })
})
