import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

describe('change password', () => {
  it('checks the fields, shows a wrong current password, then keeps this tab signed in with the new token', async () => {
    const { events } = await renderApp('/settings', { as: { userType: 'startup', companyName: 'Nimbus' } })
    server.use(
      http.post('*/api/me/password', async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string }
        if (body.currentPassword !== 'secret123') {
          return HttpResponse.json(
            { message: 'Current password is incorrect', code: 'invalid', fields: { currentPassword: 'Current password is incorrect' } },
            { status: 400 },
          )
        }
        return HttpResponse.json({ token: 'fresh-token', user: useAuthStore.getState().user })
      }),
    )
    const form = screen.getByRole('form', { name: 'Change password' })
    const current = within(form).getByLabelText('Current password')
    const next = within(form).getByLabelText('New password')
    const confirm = within(form).getByLabelText('Confirm new password')
    await events.type(next, '123')
    await events.type(confirm, '456')
    await events.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(current).toHaveAccessibleDescription('Current password is required')
    expect(next).toHaveAccessibleDescription('Password must be at least 6 characters')
    expect(confirm).toHaveAccessibleDescription('Passwords do not match')

    await events.type(current, 'wrong-one')
    await events.clear(next)
    await events.type(next, 'brand-new-1')
    await events.clear(confirm)
    await events.type(confirm, 'brand-new-1')
    await events.click(within(form).getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(current).toHaveAccessibleDescription('Current password is incorrect'))
    expect(useAuthStore.getState().token).not.toBe('fresh-token')

    await events.clear(current)
    await events.type(current, 'secret123')
    await events.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed. Other sessions were signed out.')).toBeInTheDocument()
    expect(useAuthStore.getState().token).toBe('fresh-token')
    expect(current).toHaveValue('')
  })
})
