import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button, buttonClasses } from '@/components/ui/button'
import { PasswordInput } from '@/components/ui/password-input'
import { paths } from '@/config/paths'
import { errorMessage, isApiError } from '@/lib/api-client'
import { applyApiFieldErrors } from '@/lib/form'
import { loginPath, withNext } from '@/lib/return-to'
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../schemas'
import { AuthLayout, textLinkClasses } from './auth-layout'

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired.'

export type ResetPasswordPageViewProps = {
  /** The `?token=` of the emailed link; without one the form is not offered. */
  token: string | null
  onSubmit: (values: ResetPasswordFormValues) => void
  isSubmitting: boolean
  error?: unknown
  successMessage?: string
  /** The page the mailed link returns to (?next=): signing in again lands there. */
  next?: string | null
}

export function ResetPasswordPageView({ token, onSubmit, isSubmitting, error, successMessage, next }: ResetPasswordPageViewProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const hasFieldErrors = isApiError(error) && Object.keys(error.fields).some((key) => key === 'password' || key === 'confirmPassword')

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['password', 'confirmPassword'])
  }, [error, setError])

  const footer = (
    <Link to={loginPath(next)} className={textLinkClasses}>
      Back to sign in
    </Link>
  )

  if (successMessage) {
    return (
      <AuthLayout title="Password updated" footer={null}>
        <div className="space-y-4">
          <Alert tone="success">{successMessage}</Alert>
          <Link to={loginPath(next)} className={buttonClasses({ className: 'w-full' })}>
            Sign in
          </Link>
        </div>
      </AuthLayout>
    )
  }

  if (!token) {
    return (
      <AuthLayout title="Choose a new password" footer={footer}>
        <div className="space-y-4">
          <Alert tone="error">{INVALID_RESET_LINK}</Alert>
          <Link to={withNext(paths.forgotPassword, next)} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
            Request a new link
          </Link>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Choose a new password" footer={footer}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Choose a new password">
        {error != null && !hasFieldErrors && (
          <Alert tone="error">
            {errorMessage(error, 'Something went wrong. Please try again.')}{' '}
            {isApiError(error) && error.status === 400 && (
              <Link to={withNext(paths.forgotPassword, next)} className={textLinkClasses}>
                Request a new link
              </Link>
            )}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          hint="At least 6 characters"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" isLoading={isSubmitting} loadingText="Saving...">
          Reset password
        </Button>
      </form>
    </AuthLayout>
  )
}
