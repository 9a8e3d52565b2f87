import { zodResolver } from '@hookform/resolvers/zod'
import { Building2, GraduationCap } from 'lucide-react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { isApiError } from '@/lib/api-client'
import { applyApiFieldErrors } from '@/lib/form'
import { loginPath, withNext } from '@/lib/return-to'
import { registerFormSchema, type RegisterFormValues } from '../schemas'
import { AuthLayout, textLinkClasses } from './auth-layout'

export type RegisterPageViewProps = {
  onSubmit: (values: RegisterFormValues) => void
  isSubmitting: boolean
  error?: unknown
  defaultUserType?: RegisterFormValues['userType']
  /** The page to return to after registering: the links to sign in and reset keep it. */
  next?: string | null
}

const accountTypes = [
  { value: 'student', label: 'Student', icon: GraduationCap },
  { value: 'startup', label: 'Startup', icon: Building2 },
] as const

/** The inputs a server field error is shown on; the page does not toast what one of them shows. */
export const registerServerFields = ['email', 'password', 'confirmPassword', 'firstName', 'lastName', 'college', 'companyName'] as const

export function RegisterPageView({ onSubmit, isSubmitting, error, defaultUserType = 'student', next }: RegisterPageViewProps) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    clearErrors,
    formState: { errors },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      userType: defaultUserType,
      firstName: '',
      lastName: '',
      college: '',
      companyName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  })
  const userType = watch('userType')

  useEffect(() => {
    applyApiFieldErrors(error, setError, registerServerFields)
  }, [error, setError])

  // Errors of the fields the other account type shows must not linger after switching.
  useEffect(() => {
    clearErrors(userType === 'student' ? 'companyName' : ['firstName', 'lastName', 'college'])
  }, [userType, clearErrors])

  return (
    <AuthLayout
      title="Create your account"
      description="Join Bridgework as a student or a startup."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginPath(next)} className={textLinkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Create your account">
        <fieldset>
          <legend className="mb-2 block text-sm font-medium text-slate-700">I am joining as</legend>
          <div className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1">
            {accountTypes.map(({ value, label, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                  userType === value ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <input type="radio" value={value} className="sr-only" {...register('userType')} />
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {userType === 'student' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Input label="First name" autoComplete="given-name" required error={errors.firstName?.message} {...register('firstName')} />
              <Input label="Last name" autoComplete="family-name" required error={errors.lastName?.message} {...register('lastName')} />
            </div>
            <Input label="College" autoComplete="organization" hint="Optional" error={errors.college?.message} {...register('college')} />
          </>
        ) : (
          <Input label="Company name" autoComplete="organization" required error={errors.companyName?.message} {...register('companyName')} />
        )}

        <Input label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        {isApiError(error) && error.status === 409 && errors.email?.type === 'server' && (
          <p className="-mt-2 text-sm text-slate-600">
            Is it yours?{' '}
            <Link to={loginPath(next)} className={textLinkClasses}>
              Sign in
            </Link>{' '}
            or{' '}
            <Link to={withNext(paths.forgotPassword, next)} className={textLinkClasses}>
              reset your password
            </Link>
            .
          </p>
        )}
        <PasswordInput
          label="Password"
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
        <Button type="submit" className="w-full" isLoading={isSubmitting} loadingText="Creating account...">
          Create account
        </Button>
      </form>
    </AuthLayout>
  )
}
