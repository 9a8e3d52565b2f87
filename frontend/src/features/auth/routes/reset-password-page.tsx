import { useSearchParams } from 'react-router'
import { NEXT_PARAM } from '@/lib/return-to'
import { useResetPassword } from '../api/reset-password'
import { ResetPasswordPageView } from '../components/reset-password-page-view'

/** /reset-password?token=…[&next=…]: sets a new password, then offers the way back to /login (and on to next). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const reset = useResetPassword()
  return (
    <ResetPasswordPageView
      token={token}
      onSubmit={(values) => token && reset.mutate({ token, ...values })}
      isSubmitting={reset.isPending}
      error={reset.error}
      next={searchParams.get(NEXT_PARAM)}
      successMessage={reset.isSuccess ? reset.data?.message || 'Your password has been reset.' : undefined}
    />
  )
}
