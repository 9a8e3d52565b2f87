import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

describe('/startup/:id', () => {
  it('shows the public page; only the owner gets Edit Profile', async () => {
    const other = createUser({ userType: 'startup', companyName: 'Other Inc', industry: 'Fintech', companyDescription: 'Payments.' })
    server.use(http.get('*/api/startup/:id', ({ params }) => HttpResponse.json({ startup: { ...other, _id: String(params.id) } })))

    const { unmount } = await renderApp(`/startup/${other._id}`, { as: 'startup' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Other Inc' })).toBeInTheDocument()
    expect(screen.getByText('Fintech')).toBeInTheDocument()
    expect(screen.getByText('Payments.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument()
    unmount()

    const { router, user } = await renderApp('/profile', { as: { userType: 'startup', companyName: 'Mine' } })
    await router.navigate(`/startup/${user!._id}`)
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile')
  })

  it('opens for a student too (a task page names its startup), without Edit Profile', async () => {
    const other = createUser({ userType: 'startup', companyName: 'Other Inc' })
    server.use(http.get('*/api/startup/:id', ({ params }) => HttpResponse.json({ startup: { ...other, _id: String(params.id) } })))
    const { router } = await renderApp(`/startup/${other._id}`, { as: 'student' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Other Inc' })).toBeInTheDocument()
    expect(router.location.pathname).toBe(`/startup/${other._id}`)
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument()
  })

  it('shows the payment record Bridgework keeps, its disputes in words', async () => {
    const other = createUser({
      userType: 'startup',
      companyName: 'Other Inc',
      paymentRecord: { approved: 4, paid: 3, disputed: 1, medianDaysToPay: 2.5 },
    })
    server.use(http.get('*/api/startup/:id', ({ params }) => HttpResponse.json({ startup: { ...other, _id: String(params.id) } })))
    await renderApp(`/startup/${other._id}`, { as: 'student' })
    expect(await screen.findByText('Paid 3 of 4 approved students · usually within 3 days · 1 payment disputed')).toBeInTheDocument()
  })

  it('says Startup not found. for an unknown id', async () => {
    server.use(http.get('*/api/startup/:id', () => HttpResponse.json({ message: 'Startup not found.', code: 'not_found' }, { status: 404 })))
    await renderApp('/startup/nope', { as: 'startup' })
    expect(await screen.findByText('Startup not found.')).toBeInTheDocument()
  })
})
