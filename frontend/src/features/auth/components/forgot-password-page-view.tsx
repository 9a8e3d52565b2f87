import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { errorMessage, isApiError } from '@/lib/api-client'
import { applyApiFieldErrors } from '@/lib/form'
import { loginPath } from '@/lib/return-to'
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../schemas'
import { AuthLayout, textLinkClasses } from './auth-layout'

export type ForgotPasswordPageViewProps = {
  onSubmit: (values: ForgotPasswordFormValues) => void
  isSubmitting: boolean
  error?: unknown
  /** The server's answer after a request was accepted. */
  successMessage?: string
  /** The page to return to after signing in: the reset link and the way back to sign in keep it. */
  next?: string | null
}

export function ForgotPasswordPageView({ onSubmit, isSubmitting, error, successMessage, next }: ForgotPasswordPageViewProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  })
  const hasFieldErrors = isApiError(error) && Boolean(error.fields.email)

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['email'])
  }, [error, setError])

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your account's email and we will send you a link to choose a new password."
      footer={
        <Link to={loginPath(next)} className={textLinkClasses}>
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Reset password request">
        {successMessage && <Alert tone="success">{successMessage}</Alert>}
        {error != null && !hasFieldErrors && <Alert tone="error">{errorMessage(error, 'Something went wrong. Please try again.')}</Alert>}
        <Input label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        <Button type="submit" className="w-full" isLoading={isSubmitting} loadingText="Sending...">
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  )
}
