import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { pagedJson } from '@/testing/mocks/paging'
import { server } from '@/testing/mocks/server'
import { makeAuditEntry, resetTrust, trust } from '@/testing/mocks/trust'
import { renderApp } from '@/testing/test-utils'

const ada = createUser({ firstName: 'Ada', lastName: 'Lovelace' })
const nimbus = createUser({ userType: 'startup', companyName: 'Nimbus' })

beforeEach(() => {
  resetTrust()
  server.use(
    http.get('*/api/admin/students', ({ request }) => pagedJson([ada], request)),
    http.get('*/api/admin/startups', ({ request }) => pagedJson([nimbus], request)),
  )
})

const auditQueries = () => trust.requests.filter((r) => r.url.pathname === '/api/admin/audit').map((r) => Object.fromEntries(r.url.searchParams))

describe('/admin/audit', () => {
  it('lists entries in words with names resolved, and the filters go into the URL and the request', async () => {
    trust.audit = [
      makeAuditEntry({ type: 'submission.approved', actorId: nimbus._id, subjectId: ada._id, detail: 'Landing page' }),
      makeAuditEntry({ type: 'signin.failed', subjectId: ada._id, detail: 'wrong password, Chrome on Linux', ip: '198.51.100.4' }),
      makeAuditEntry({ type: 'signin', actorId: ada._id, subjectId: ada._id, detail: 'Chrome on Linux' }),
    ]
    const { events, router } = await renderApp('/admin/dashboard', { as: 'admin' })
    await events.click(await screen.findByRole('link', { name: 'Audit trail' }))
    expect(await screen.findByRole('heading', { name: 'Audit trail' })).toBeInTheDocument()

    const table = await screen.findByRole('table', { name: 'Audit trail' })
    const approved = within(table).getByRole('row', { name: /Approved work/ })
    expect(within(approved).getByText('Nimbus')).toBeInTheDocument()
    expect(within(approved).getByText('Ada Lovelace')).toBeInTheDocument()
    expect(within(approved).getByText('Landing page')).toBeInTheDocument()
    const failed = within(table).getByRole('row', { name: /Failed sign-in/ })
    expect(within(failed).getByText('Unknown')).toBeInTheDocument()
    expect(within(failed).getByText('198.51.100.4')).toBeInTheDocument()
    expect(auditQueries()[0]).toEqual({ page: '1', per_page: '20' })

    await events.selectOptions(screen.getByLabelText('What'), 'Failed sign-in')
    await screen.findByText('1 entry')
    expect(within(screen.getByRole('table', { name: 'Audit trail' })).queryByText('Approved work')).not.toBeInTheDocument()
    expect(auditQueries().at(-1)).toMatchObject({ type: 'signin.failed' })
    expect(router.location.search).toContain('type=signin.failed')

    await events.type(screen.getByLabelText('Who (user id)'), `${ada._id}{Enter}`)
    await screen.findByText('No entries match these filters.')
    expect(auditQueries().at(-1)).toMatchObject({ type: 'signin.failed', actor: ada._id })

    await events.selectOptions(screen.getByLabelText('What'), 'All')
    await screen.findByText('1 entry')
    expect(auditQueries().at(-1)).toEqual({ actor: ada._id, page: '1', per_page: '20' })

    await events.type(screen.getByLabelText('From'), '2026-11-01')
    await events.type(screen.getByLabelText('To (including)'), '2026-11-30')
    await screen.findByText('1 entry')
    expect(auditQueries().at(-1)).toMatchObject({ actor: ada._id, from: '2026-11-01', to: '2026-11-30' })

    await events.click(screen.getByRole('button', { name: 'Clear' }))
    await screen.findByText('3 entries')
    expect(router.location.search).toBe('')
  })

  it('keeps a filter changed before the previous change has reached the page', async () => {
    const { router } = await renderApp('/admin/audit', { as: 'admin', transitions: true })
    await screen.findByText('The audit trail is empty.')
    // Two changes in one tick: the second comes before the page has re-rendered with the first.
    // eslint-disable-next-line testing-library/no-unnecessary-act -- one act, so both changes land in one tick
    act(() => {
      fireEvent.change(screen.getByLabelText('What'), { target: { value: 'signin.failed' } })
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    })
    await waitFor(() => expect(router.location.search).toBe('?type=signin.failed&from=2026-11-01'))
    await waitFor(() => expect(auditQueries().at(-1)).toEqual({ type: 'signin.failed', from: '2026-11-01', page: '1', per_page: '20' }))
  })

  it("reads its filters from a linked URL and shows the server's error for a bad one", async () => {
    trust.audit = [makeAuditEntry({ type: 'admin.viewed', detail: 'student dashboard' }), makeAuditEntry({ type: 'signin' })]
    await renderApp('/admin/audit?type=admin.viewed&page=1', { as: 'admin' })
    const table = await screen.findByRole('table', { name: 'Audit trail' })
    expect(within(table).getByText('Viewed a dashboard')).toBeInTheDocument()
    expect(within(table).queryByText('Signed in')).not.toBeInTheDocument()
    expect(screen.getByLabelText('What')).toHaveValue('admin.viewed')

    server.use(
      http.get('*/api/admin/audit', () =>
        HttpResponse.json({ message: 'from must be a date (2026-11-25) or a time (RFC 3339)', fields: { from: 'x' } }, { status: 400 }),
      ),
    )
    await renderApp('/admin/audit?from=2026-13-45', { as: 'admin' })
    expect(await screen.findByRole('alert')).toHaveTextContent('from must be a date')
  })

  it('names the entry the upgrade to the keyed chain leaves, and filters by it', async () => {
    trust.audit = [
      makeAuditEntry({ type: 'audit.resealed', detail: 'entries 1–4 sealed again with the audit key' }),
      makeAuditEntry({ type: 'signin' }),
    ]
    const { events } = await renderApp('/admin/audit', { as: 'admin' })
    const table = await screen.findByRole('table', { name: 'Audit trail' })
    const resealed = within(table).getByRole('row', { name: /Trail sealed with the key/ })
    expect(within(resealed).getByText('entries 1–4 sealed again with the audit key')).toBeInTheDocument()
    await events.selectOptions(screen.getByLabelText('What'), 'Trail sealed with the key')
    await screen.findByText('1 entry')
    expect(auditQueries().at(-1)).toMatchObject({ type: 'audit.resealed' })
  })

  it('Verify chain reports an intact chain and a broken one', async () => {
    trust.report = { intact: true, checked: 42, brokenAt: 0, reason: '', head: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }
    const { events } = await renderApp('/admin/audit', { as: 'admin' })
    await screen.findByText('The audit trail is empty.')
    await events.click(screen.getByRole('button', { name: 'Verify chain' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Intact: 42 entries checked, head 9f86d081884c…')

    // What the server says of an entry edited and sealed again without the key.
    trust.report = { intact: false, checked: 6, brokenAt: 7, reason: 'this entry was changed after it was written', head: 'a1b2c3' }
    await events.click(screen.getByRole('button', { name: 'Verify chain' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Broken at entry #7: this entry was changed after it was written')
  })
})
