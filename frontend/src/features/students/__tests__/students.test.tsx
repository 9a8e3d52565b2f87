import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { pagedJson } from '@/testing/mocks/paging'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import type { User } from '@/types/api'

// The API hands a startup résumé links signed for 15 minutes (docs/api-contract.md); they open as given.
const SIGNED_CV = '/api/files/cv?expires=1795545172&signature=ab12'

const ada = createUser({
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Engines.',
  resume: SIGNED_CV,
  skills: ['Go', 'SQL', 'React', 'Figma', 'Rust'].map((name) => ({ name, level: 'beginner' as const })),
  experience: [{ title: 'Intern', company: 'Acme' }],
  projects: [{ title: 'A' }, { title: 'B' }],
})
const grace = createUser({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.mil', skills: [{ name: 'COBOL' }] })

/** GET /api/startup/students: students with any of ?skills (case-insensitive), paged. */
function mockStudents(all: User[]) {
  const queries: string[] = []
  const pages: Array<Record<string, string>> = []
  server.use(
    http.get('*/api/startup/students', ({ request }) => {
      const params = new URL(request.url).searchParams
      const skills = params.get('skills') ?? ''
      queries.push(skills)
      pages.push(Object.fromEntries(params))
      const wanted = skills
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
      const list = wanted.length ? all.filter((u) => u.skills?.some((s) => wanted.includes(s.name.toLowerCase()))) : all
      return pagedJson(list, request)
    }),
  )
  return { queries, pages }
}

describe('/startup/browse-students', () => {
  it('shows cards with up to 4 skills, counts and resume, and filters by skills on the server', async () => {
    const { queries } = mockStudents([ada, grace])
    const { events } = await renderApp('/startup/browse-students', { as: 'startup' })
    const card = await screen.findByRole('article', { name: 'Ada Lovelace' })
    expect(within(card).getByText('Engines.')).toBeInTheDocument()
    expect(within(card).getByText('Resume Available')).toBeInTheDocument()
    expect(within(within(card).getByRole('list', { name: 'Skills' })).getAllByRole('listitem')).toHaveLength(4)
    expect(within(card).getByText('1 experience · 2 projects')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/startup/students/${ada._id}`)
    expect(within(card).getByRole('link', { name: 'View Resume' })).toHaveAttribute('href', `${window.location.origin}${SIGNED_CV}`)
    expect(within(screen.getByRole('article', { name: 'Grace Hopper' })).queryByRole('link', { name: 'View Resume' })).not.toBeInTheDocument()

    await events.type(screen.getByRole('textbox', { name: 'Skills' }), 'cobol')
    await events.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByRole('article', { name: 'Grace Hopper' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).not.toBeInTheDocument()
    expect(queries).toEqual(['', 'cobol'])
  })

  it('shows 100 students a page and pages through the Link header; a new filter starts again at page 1', async () => {
    const many = Array.from({ length: 101 }, (_, i) =>
      createUser({ firstName: 'Student', lastName: `No${i + 1}`, skills: [{ name: i % 2 ? 'Go' : 'SQL' }] }),
    )
    const { pages } = mockStudents(many)
    const { events } = await renderApp('/startup/browse-students', { as: 'startup' })
    expect(await screen.findByRole('article', { name: 'Student No1' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(100)
    expect(pages).toEqual([{ page: '1', per_page: '100' }])
    const pager = screen.getByRole('navigation', { name: 'Students pages' })
    expect(pager).toHaveTextContent('Page 1 of 2')

    await events.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('article', { name: 'Student No101' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(pages.at(-1)).toEqual({ page: '2', per_page: '100' })

    await events.type(screen.getByRole('textbox', { name: 'Skills' }), 'sql')
    await events.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(pages.at(-1)).toEqual({ skills: 'sql', page: '1', per_page: '100' }))
    expect(await screen.findByRole('article', { name: 'Student No1' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(51)
    // 51 students fit one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Students pages' })).not.toBeInTheDocument()
  })

  it('says so when no student has the skills', async () => {
    mockStudents([ada])
    const { events } = await renderApp('/startup/browse-students', { as: 'startup' })
    await events.type(screen.getByRole('textbox', { name: 'Skills' }), 'haskell')
    await events.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('No students match your criteria')).toBeInTheDocument()
  })
})

const record = {
  approvedTasks: 3,
  certificates: [
    { number: 'BW-2025-AAAA1', title: 'Checkout flow', issuedAt: '2025-03-01T00:00:00Z' },
    { number: 'BW-2025-BBBB2', title: 'Logo', issuedAt: '2025-02-01T00:00:00Z' },
    { number: 'BW-2025-CCCC3', title: 'API', issuedAt: '2025-01-01T00:00:00Z' },
  ],
  verifiedSkills: ['Go'],
}

// Both directory routes show one filter and one card, in the spec's words for each route.
describe.each([
  ['/startup/students', 'Students', 'Apply', 'View', 'Resume'],
  ['/startup/browse-students', 'Browse Students', 'Filter', 'View Profile', 'View Resume'],
])('%s: the one student directory', (route, title, submit, view, resume) => {
  it(`searches by name, email or skill on the client, with ${view}, ${resume} and Message`, async () => {
    mockStudents([ada, grace])
    const { events } = await renderApp(route, { as: 'startup' })
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    // One filter: the search and the skills in one labelled search landmark.
    const filter = screen.getByRole('search', { name: 'Filter students' })
    expect(screen.getAllByRole('search')).toEqual([filter])
    expect(within(filter).getByRole('searchbox', { name: 'Search' })).toBeInTheDocument()
    expect(within(filter).getByRole('textbox', { name: 'Skills' })).toHaveAccessibleDescription('Comma separated; students with any of them')
    expect(within(filter).getByRole('button', { name: submit })).toBeInTheDocument()
    const card = await screen.findByRole('article', { name: 'Ada Lovelace' })
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([view, resume, 'Message'])
    expect(within(card).getByRole('link', { name: view })).toHaveAttribute('href', `/startup/students/${ada._id}`)
    expect(within(card).getByRole('link', { name: resume })).toHaveAttribute('href', `${window.location.origin}${SIGNED_CV}`)
    expect(within(card).getByRole('link', { name: 'Message' })).toHaveAttribute('href', `/chat/${ada._id}`)
    expect(within(card).getByText('Resume Available')).toBeInTheDocument()

    const search = screen.getByRole('searchbox', { name: 'Search' })
    for (const [term, shown] of [
      ['NAVY.MIL', 'Grace Hopper'],
      ['rust', 'Ada Lovelace'],
      ['hopper', 'Grace Hopper'],
    ] as const) {
      await events.clear(search)
      await events.type(search, term)
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([shown])
    }
    await events.clear(search)
    await events.type(search, 'nobody')
    expect(screen.getByText('No students match your criteria')).toBeInTheDocument()
  })

  it("shows each student's track record: approved tasks, certificates linking to /verify/{number}, verified skills", async () => {
    const rosa = createUser({ firstName: 'Rosa', lastName: 'Diaz', skills: [{ name: 'Go', isVerified: true }, { name: 'SQL' }], trackRecord: record })
    const fresh = createUser({ firstName: 'New', lastName: 'Comer', trackRecord: { approvedTasks: 0, certificates: [], verifiedSkills: [] } })
    mockStudents([rosa, fresh])
    await renderApp(route, { as: 'startup' })
    const card = await screen.findByRole('article', { name: 'Rosa Diaz' })
    const track = within(card).getByRole('group', { name: 'Track record on Bridgework' })
    expect(track).toHaveTextContent('3 approved tasks · 3 certificates')
    const certs = within(track).getByRole('list', { name: 'Certificates' })
    expect(within(certs).getByRole('link', { name: 'Certificate BW-2025-AAAA1: Checkout flow' })).toHaveAttribute('href', '/verify/BW-2025-AAAA1')
    expect(within(certs).getByRole('link', { name: 'Certificate BW-2025-BBBB2: Logo' })).toHaveAttribute('href', '/verify/BW-2025-BBBB2')
    expect(within(certs).queryByRole('link', { name: /BW-2025-CCCC3/ })).not.toBeInTheDocument()
    expect(within(certs).getByText('+1 more')).toBeInTheDocument()
    expect(within(within(track).getByRole('list', { name: 'Verified skills' })).getByText('Go')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'New Comer' })).getByRole('group', { name: 'Track record on Bridgework' })).toHaveTextContent(
      '0 approved tasks · 0 certificates',
    )
  })
})

describe('/startup/students/:studentId', () => {
  it('shows About, Experience, Projects, Resume, Past Submissions and Start Chat', async () => {
    const student = createUser({
      firstName: 'Ada',
      lastName: 'Lovelace',
      resume: SIGNED_CV,
      skills: [{ name: 'Go', level: 'expert', isVerified: true }, { name: 'SQL' }],
      experience: [
        { title: 'Old job', company: 'Past Inc', startDate: '2020-01', endDate: '2021-01' },
        { title: 'Now job', company: 'Now Inc', startDate: '2024-06', isCurrent: true },
      ],
      projects: [{ title: 'Compiler', technologies: ['Go', 'LLVM', 'C', 'Make', 'Bash'], link: 'javascript:alert(1)' }],
      trackRecord: record,
    })
    server.use(
      http.get('*/api/startup/students/:id', () =>
        HttpResponse.json({
          student,
          submissions: [
            {
              _id: 's1',
              link: 'https://github.com/ada/x',
              status: 'approved',
              submittedAt: '2025-03-01T00:00:00Z',
              task: { _id: 't1', title: 'Landing page' },
              startup: { _id: 'x', companyName: 'Nimbus' },
            },
          ],
        }),
      ),
    )
    const { events } = await renderApp(`/startup/students/${student._id}`, { as: 'startup' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument()
    const skills = screen.getByRole('list', { name: 'Skills' })
    expect(within(skills).getByText('Verified')).toBeInTheDocument()
    expect(within(skills).getByText('expert')).toBeInTheDocument()
    expect(within(skills).getByText('beginner')).toBeInTheDocument()

    // The recent experience: one entry, the current one, until Show all.
    expect(screen.getByText('Now job')).toBeInTheDocument()
    expect(screen.getByText('Current')).toBeInTheDocument()
    expect(screen.queryByText('Old job')).not.toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Show all experience (2)' }))
    expect(screen.getByText('Old job')).toBeInTheDocument()

    expect(within(screen.getByRole('list', { name: 'Technologies' })).getAllByRole('listitem')).toHaveLength(4)
    expect(screen.queryByRole('link', { name: 'View project' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Resume' })).toHaveAttribute('href', `${window.location.origin}${SIGNED_CV}`)
    expect(screen.getByText('Landing page')).toBeInTheDocument()
    expect(screen.getByText('Nimbus')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View submission' })).toHaveAttribute('href', 'https://github.com/ada/x')
    expect(screen.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', `/chat/${student._id}`)
    // docs/api-contract.md, "Track records": the whole track record, every certificate verifiable.
    const track = screen.getByRole('region', { name: 'Track record on Bridgework' })
    expect(track).toHaveTextContent('3 approved tasks · 3 certificates')
    expect(within(track).getByRole('link', { name: 'Certificate BW-2025-CCCC3: API' })).toHaveAttribute('href', '/verify/BW-2025-CCCC3')
  })

  it('takes a freshly signed résumé link before the one shown expires', async () => {
    let served = 0
    server.use(
      http.get('*/api/startup/students/:id', () => {
        served += 1
        return HttpResponse.json({
          student: createUser({ firstName: 'Ada', lastName: 'Lovelace', resume: `/api/files/cv?expires=${served}&signature=ab12` }),
          submissions: [],
        })
      }),
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      await renderApp('/startup/students/ada', { as: 'startup' })
      expect(await screen.findByRole('link', { name: 'View Resume' })).toHaveAttribute('href', expect.stringContaining('expires=1&'))
      // Links are signed for 15 minutes; the page asks again after 10.
      await vi.advanceTimersByTimeAsync(10 * 60_000)
      await waitFor(() => expect(screen.getByRole('link', { name: 'View Resume' })).toHaveAttribute('href', expect.stringContaining('expires=2&')))
    } finally {
      vi.useRealTimers()
    }
  })

  it('says Student not found. for an unknown id', async () => {
    server.use(http.get('*/api/startup/students/:id', () => HttpResponse.json({ message: 'Student not found.', code: 'not_found' }, { status: 404 })))
    await renderApp('/startup/students/nope', { as: 'startup' })
    expect(await screen.findByText('Student not found.')).toBeInTheDocument()
  })
})
