import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useRegister, type RegisterInput } from '../api/register'
import { RegisterPageView } from '../components/register-page-view'
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

/** /register (?type=startup preselects Startup). On success: toast, store the session, go to /dashboard. */
export function RegisterPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const storeLogin = useAuthStore((state) => state.login)
  const registerMutation = useRegister({
    onSuccess: (auth) => {
      notify.success('Registration successful!')
      storeLogin(auth, { remember: true })
      navigate(paths.dashboard, { replace: true })
    },
    onError: (error) => notify.error(errorMessage(error, 'Registration failed')),
  })

  return (
    <RegisterPageView
      onSubmit={(values) => registerMutation.mutate(toRegisterInput(values))}
      isSubmitting={registerMutation.isPending}
      error={registerMutation.error}
      defaultUserType={params.get('type') === 'startup' ? 'startup' : 'student'}
    />
  )
}
