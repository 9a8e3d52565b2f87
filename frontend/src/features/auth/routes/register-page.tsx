import { useNavigate, useSearchParams } from 'react-router'
import { errorMessage, isApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { afterSignIn, NEXT_PARAM } from '@/lib/return-to'
import { useRegister, type RegisterInput } from '../api/register'
import { RegisterPageView, registerServerFields } from '../components/register-page-view'
import type { RegisterFormValues } from '../schemas'

/** Only the fields of the chosen account type are sent. */
export function toRegisterInput(values: RegisterFormValues): RegisterInput {
  const common = { email: values.email, password: values.password, confirmPassword: values.confirmPassword }
  if (values.userType === 'startup') {
    return { ...common, userType: 'startup', companyName: values.companyName.trim() }
  }
  const college = values.college.trim()
  return {
    ...common,
    userType: 'student',
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(college ? { college } : {}),
  }
}

/**
 * /register (?type=startup preselects Startup). On success: toast, store the session, go to the
 * page `next` names, or /dashboard.
 */
export function RegisterPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const storeLogin = useAuthStore((state) => state.login)
  const registerMutation = useRegister({
    onSuccess: (auth) => {
      notify.success('Registration successful!')
      storeLogin(auth, { remember: true })
      navigate(afterSignIn(params), { replace: true })
    },
    // An error the form shows on one of its inputs is said there, once; anything else is a toast.
    onError: (error) => {
      const onAnInput = isApiError(error) && registerServerFields.some((name) => error.fields[name])
      if (!onAnInput) notify.error(errorMessage(error, 'Registration failed'))
    },
  })

  return (
    <RegisterPageView
      onSubmit={(values) => registerMutation.mutate(toRegisterInput(values))}
      isSubmitting={registerMutation.isPending}
      error={registerMutation.error}
      defaultUserType={params.get('type') === 'startup' ? 'startup' : 'student'}
      next={params.get(NEXT_PARAM)}
    />
  )
}
