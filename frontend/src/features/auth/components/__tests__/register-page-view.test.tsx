import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { renderWithRouter } from '@/testing/test-utils'
import { RegisterPageView } from '../register-page-view'

function setup(props: Partial<Parameters<typeof RegisterPageView>[0]> = {}) {
  const onSubmit = vi.fn()
  const view = renderWithRouter(<RegisterPageView onSubmit={onSubmit} isSubmitting={false} {...props} />)
  const field = (label: RegExp) => screen.getByLabelText(label)
  return {
    ...view,
    onSubmit,
    field,
    submit: () => view.events.click(screen.getByRole('button', { name: 'Create account' })),
  }
}

describe('RegisterPageView', () => {
  it('defaults to Student with name fields and no company field', () => {
    const { field } = setup()
    expect(screen.getByRole('radio', { name: 'Student' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Startup' })).not.toBeChecked()
    expect(field(/^First name/)).toBeInTheDocument()
    expect(field(/^Last name/)).toBeInTheDocument()
    expect(field(/^College/)).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Company name/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('student: every required message beside its input', async () => {
    const { submit, field, onSubmit } = setup()
    await submit()
    expect(field(/^First name/)).toHaveAccessibleDescription('First name is required')
    expect(field(/^Last name/)).toHaveAccessibleDescription('Last name is required')
    expect(field(/^Email/)).toHaveAccessibleDescription('Email is required')
    expect(field(/^Password/)).toHaveAccessibleDescription('Password is required')
    expect(field(/^Confirm password/)).toHaveAccessibleDescription('Please confirm your password')
    expect(field(/^College/)).not.toHaveAttribute('aria-invalid')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('student: length, email shape and matching passwords', async () => {
    const { submit, field, events, onSubmit } = setup()
    await events.type(field(/^First name/), 'A')
    await events.type(field(/^Last name/), ' B ')
    await events.type(field(/^Email/), 'a@b')
    await events.type(field(/^Password/), 'abc')
    await events.type(field(/^Confirm password/), 'abd')
    await submit()
    expect(field(/^First name/)).toHaveAccessibleDescription('First name must be at least 2 characters')
    expect(field(/^Last name/)).toHaveAccessibleDescription('Last name must be at least 2 characters')
    expect(field(/^Email/)).toHaveAccessibleDescription('Invalid email address')
    expect(field(/^Password/)).toHaveAccessibleDescription('Password must be at least 6 characters')
    expect(field(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('student: submits valid input, college optional', async () => {
    const { submit, field, events, onSubmit } = setup()
    await events.type(field(/^First name/), 'Ada')
    await events.type(field(/^Last name/), 'Lovelace')
    await events.type(field(/^Email/), 'ada@example.com')
    await events.type(field(/^Password/), 'secret1')
    await events.type(field(/^Confirm password/), 'secret1')
    await submit()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      userType: 'student',
      firstName: 'Ada',
      lastName: 'Lovelace',
      college: '',
      email: 'ada@example.com',
    })
  })

  it('startup: company name instead of names, with its messages', async () => {
    const { submit, field, events, onSubmit } = setup()
    await events.click(screen.getByRole('radio', { name: 'Startup' }))
    expect(screen.queryByLabelText(/^First name/)).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^College/)).not.toBeInTheDocument()

    await submit()
    expect(field(/^Company name/)).toHaveAccessibleDescription('Company name is required')
    expect(field(/^Email/)).toHaveAccessibleDescription('Email is required')
    expect(field(/^Password/)).toHaveAccessibleDescription('Password is required')
    expect(field(/^Confirm password/)).toHaveAccessibleDescription('Please confirm your password')

    await events.type(field(/^Company name/), 'X')
    await events.type(field(/^Email/), 'nope')
    await events.type(field(/^Password/), 'short')
    await events.type(field(/^Confirm password/), 'other')
    await submit()
    expect(field(/^Company name/)).toHaveAccessibleDescription('Company name must be at least 2 characters')
    expect(field(/^Email/)).toHaveAccessibleDescription('Invalid email address')
    expect(field(/^Password/)).toHaveAccessibleDescription('Password must be at least 6 characters')
    expect(field(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match')
    expect(onSubmit).not.toHaveBeenCalled()

    await events.clear(field(/^Company name/))
    await events.type(field(/^Company name/), 'Acme')
    await events.clear(field(/^Email/))
    await events.type(field(/^Email/), 'team@acme.io')
    await events.clear(field(/^Password/))
    await events.type(field(/^Password/), 'secret1')
    await events.clear(field(/^Confirm password/))
    await events.type(field(/^Confirm password/), 'secret1')
    await submit()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ userType: 'startup', companyName: 'Acme', email: 'team@acme.io' })
  })

  it('puts a server field error (email taken) on the email input', async () => {
    const { field } = setup({
      error: new ApiError({
        status: 409,
        code: 'conflict',
        message: 'An account with this email already exists',
        fields: { email: 'An account with this email already exists' },
      }),
    })
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument()
    expect(field(/^Email/)).toHaveAccessibleDescription('An account with this email already exists')
  })
})
