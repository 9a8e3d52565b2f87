import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { renderWithRouter } from '@/testing/test-utils'
import { LoginPageView } from '../login-page-view'

function setup(props: Partial<Parameters<typeof LoginPageView>[0]> = {}) {
  const onSubmit = vi.fn()
  const view = renderWithRouter(<LoginPageView onSubmit={onSubmit} isSubmitting={false} {...props} />)
  return {
    ...view,
    onSubmit,
    email: () => screen.getByLabelText(/^Email/),
    password: () => screen.getByLabelText(/^Password/),
    submit: () => view.events.click(screen.getByRole('button', { name: 'Sign in' })),
  }
}

describe('LoginPageView', () => {
  it('requires email and password, next to each input', async () => {
    const { submit, email, password, onSubmit } = setup()
    await submit()
    expect(email()).toHaveAccessibleDescription('Email is required')
    expect(email()).toHaveAttribute('aria-invalid', 'true')
    expect(password()).toHaveAccessibleDescription('Password is required')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('checks the email shape and the password length', async () => {
    const { submit, email, password, events, onSubmit } = setup()
    await events.type(email(), 'not-an-email')
    await events.type(password(), '12345')
    await submit()
    expect(email()).toHaveAccessibleDescription('Invalid email address')
    expect(password()).toHaveAccessibleDescription('Password must be at least 6 characters')
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['Invalid email address', 'Password must be at least 6 characters'])
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('submits valid input with the remember-me choice', async () => {
    const { submit, email, password, events, onSubmit } = setup()
    await events.type(email(), '  ada@example.com ')
    await events.type(password(), 'secret1')
    await events.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await submit()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]![0]).toEqual({ email: 'ada@example.com', password: 'secret1', remember: true })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('clears a message once the input is fixed', async () => {
    const { submit, email, events } = setup()
    await submit()
    expect(email()).toHaveAccessibleDescription('Email is required')
    await events.type(email(), 'ada@example.com')
    expect(email()).not.toHaveAccessibleDescription('Email is required')
  })

  it('shows and hides the password with a labelled toggle', async () => {
    const { password, events } = setup()
    expect(password()).toHaveAttribute('type', 'password')
    await events.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password()).toHaveAttribute('type', 'text')
    await events.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password()).toHaveAttribute('type', 'password')
  })

  it('links to /forgot-password and /register', () => {
    setup()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register')
  })

  it('puts server field errors on the inputs', async () => {
    const { email } = setup({
      error: new ApiError({ status: 400, code: 'invalid', message: 'Invalid input', fields: { email: 'Invalid email address' } }),
    })
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(email()).toHaveAccessibleDescription('Invalid email address')
  })

  it('shows a busy submit button while signing in', () => {
    setup({ isSubmitting: true })
    const button = screen.getByRole('button', { name: /Signing in/ })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
  })

  it('keeps a lockout on the page with the time left and, for an account hold, a reset link', () => {
    const message = 'Too many failed sign-in attempts. Try again in 14 minutes, or reset your password to sign in now.'
    setup({ error: new ApiError({ status: 429, code: 'throttled', message }) })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(message)
    const reset = screen.getByRole('link', { name: 'Reset your password' })
    expect(alert).toContainElement(reset)
    expect(reset).toHaveAttribute('href', '/forgot-password')
  })

  it('offers no reset for a network hold, which a reset would not lift', () => {
    const message = 'Too many failed sign-in attempts from your network. Try again in 3 minutes.'
    setup({ error: new ApiError({ status: 429, code: 'throttled', message }) })
    expect(screen.getByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByRole('link', { name: 'Reset your password' })).not.toBeInTheDocument()
  })

  it('shows no lockout for other refusals', () => {
    setup({ error: new ApiError({ status: 401, code: 'unauthorized', message: 'Invalid email or password' }) })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
