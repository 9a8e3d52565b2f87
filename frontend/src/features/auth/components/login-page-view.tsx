import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { applyApiFieldErrors } from '@/lib/form'
import { withNext } from '@/lib/return-to'
import { loginFormSchema, type LoginFormValues } from '../schemas'
import { AuthLayout, textLinkClasses } from './auth-layout'

export type LoginPageViewProps = {
  onSubmit: (values: LoginFormValues) => void
  isSubmitting: boolean
  /** The last failed attempt; its field errors are shown on the inputs. */
  error?: unknown
  /** The page to return to after signing in: the links to register and reset keep it. */
  next?: string | null
}

export function LoginPageView({ onSubmit, isSubmitting, error, next }: LoginPageViewProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', remember: false },
  })

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['email', 'password'])
  }, [error, setError])
  // A lockout stays on the page, not only in a toast: it says until when, and a reset lifts an
  // account's hold (the server says which hold it is).
  const lockout = isApiError(error) && error.code === 'throttled' ? error.message : null

  return (
    <AuthLayout
      title="Sign in"
      description="Welcome back to Bridgework."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={withNext(paths.register, next)} className={textLinkClasses}>
            Create one
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Sign in">
        {lockout && (
          <Alert tone="error">
            {lockout}{' '}
            {lockout.includes('reset your password') && (
              <Link to={withNext(paths.forgotPassword, next)} className={textLinkClasses}>
                Reset your password
              </Link>
            )}
          </Alert>
        )}
        <Input label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        <PasswordInput label="Password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label="Remember me" {...register('remember')} />
          <Link to={withNext(paths.forgotPassword, next)} className={`text-sm ${textLinkClasses}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" isLoading={isSubmitting} loadingText="Signing in...">
          Sign in
        </Button>
      </form>
    </AuthLayout>
  )
}
