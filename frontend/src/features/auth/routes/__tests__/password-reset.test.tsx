import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

describe('/forgot-password', () => {
  it('validates the email and shows the server message', async () => {
    const { events } = await renderApp('/forgot-password')
    const email = screen.getByLabelText(/^Email/)
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))
    // zod validates asynchronously: on a busy machine the message lands after the click.
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required'))
    await events.type(email, 'bad')
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))
    await waitFor(() => expect(email).toHaveAccessibleDescription('Invalid email address'))

    await events.clear(email)
    await events.type(email, 'ada@example.com')
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for that email, we have sent a link to reset the password.')
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
  })
})

describe('/forgot-password?next=', () => {
  it('sends next with the request, for the mailed link, and keeps it on the way back to sign in', async () => {
    let body: unknown
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === '/api/forgot-password') body = await request.clone().json()
    })
    const { events } = await renderApp('/forgot-password?next=%2Ftasks%2F42')
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login?next=%2Ftasks%2F42')
    await events.type(screen.getByLabelText(/^Email/), 'ada@example.com')
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))
    await screen.findByRole('status')
    expect(body).toEqual({ email: 'ada@example.com', next: '/tasks/42' })
  })

  it('leaves out a next that is not a path of this site', async () => {
    let body: unknown
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === '/api/forgot-password') body = await request.clone().json()
    })
    const { events } = await renderApp('/forgot-password?next=%2F%2Fevil.com')
    await events.type(screen.getByLabelText(/^Email/), 'ada@example.com')
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))
    await screen.findByRole('status')
    expect(body).toEqual({ email: 'ada@example.com' })
  })
})

describe('/reset-password', () => {
  it('after a reset from a link carrying next, Sign in returns there', async () => {
    const { events } = await renderApp('/reset-password?token=good-token&next=%2Ftasks%2F42')
    await events.type(screen.getByLabelText(/^New password/), 'newpass1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'newpass1')
    await events.click(screen.getByRole('button', { name: 'Reset password' }))
    await screen.findByRole('status')
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Ftasks%2F42')
  })

  it('without a token says the link is invalid', async () => {
    await renderApp('/reset-password')
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.')
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password')
  })

  it('checks the new password like registration', async () => {
    const { events } = await renderApp('/reset-password?token=good-token')
    await events.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Password is required')
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription('Please confirm your password')
    await events.type(screen.getByLabelText(/^New password/), 'abc')
    await events.type(screen.getByLabelText(/^Confirm password/), 'abd')
    await events.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Password must be at least 6 characters')
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match')
  })

  it('sets the password and links to /login', async () => {
    const { events } = await renderApp('/reset-password?token=good-token')
    await events.type(screen.getByLabelText(/^New password/), 'newpass1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'newpass1')
    await events.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.')
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('shows the server message for an expired link', async () => {
    const { events } = await renderApp('/reset-password?token=expired')
    await events.type(screen.getByLabelText(/^New password/), 'newpass1')
    await events.type(screen.getByLabelText(/^Confirm password/), 'newpass1')
    await events.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.')
  })
})
