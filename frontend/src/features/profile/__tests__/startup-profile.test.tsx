import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import type { User } from '@/types/api'

describe('/profile as a startup', () => {
  it('views, edits with the required fields, and saves', async () => {
    const sent: Array<Record<string, unknown>> = []
    const { events, user } = await renderApp('/profile', {
      as: { userType: 'startup', companyName: 'Nimbus', industry: 'AI', companyDescription: 'Clouds.', companySize: '1-10' },
    })
    server.use(
      http.put('*/api/startup/profile', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        sent.push(body)
        return HttpResponse.json({ ...user, ...body } as User)
      }),
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Nimbus' })).toBeInTheDocument()
    expect(screen.getByText('Clouds.')).toBeInTheDocument()
    expect(screen.getByText(user!.email!)).toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: 'Edit Profile' }))
    const form = screen.getByRole('form', { name: 'Edit Profile' })
    await events.clear(within(form).getByLabelText(/^Company Name/))
    await events.clear(within(form).getByLabelText(/^Industry/))
    await events.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByLabelText(/^Company Name/)).toHaveAccessibleDescription('Company name is required')
    expect(within(form).getByLabelText(/^Industry/)).toHaveAccessibleDescription('Industry is required')
    expect(sent).toHaveLength(0)

    await events.type(within(form).getByLabelText(/^Company Name/), 'Nimbus Labs')
    await events.type(within(form).getByLabelText(/^Industry/), 'Developer tools')
    await events.selectOptions(within(form).getByLabelText('Company Size'), '11-50')
    await events.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument()
    expect(sent[0]).toMatchObject({ companyName: 'Nimbus Labs', industry: 'Developer tools', companySize: '11-50' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Nimbus Labs' })).toBeInTheDocument()
    expect(useAuthStore.getState().user?.companyName).toBe('Nimbus Labs')
  })

  it('cancel returns to the view unchanged', async () => {
    const { events } = await renderApp('/profile', { as: { userType: 'startup', companyName: 'Nimbus' } })
    await events.click(screen.getByRole('button', { name: 'Edit Profile' }))
    await events.clear(screen.getByLabelText(/^Company Name/))
    await events.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('heading', { level: 2, name: 'Nimbus' })).toBeInTheDocument()
  })
})
