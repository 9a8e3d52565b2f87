import { useSearchParams } from 'react-router'
import { NEXT_PARAM, safeNextPath } from '@/lib/return-to'
import { useRequestPasswordReset } from '../api/forgot-password'
import { ForgotPasswordPageView } from '../components/forgot-password-page-view'

/**
 * /forgot-password[?next=…]: asks for a reset link and shows the server's answer. A next the
 * visitor was on the way to rides in the mailed link, so signing in after the reset lands there.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams()
  const next = safeNextPath(params.get(NEXT_PARAM))
  const request = useRequestPasswordReset()
  return (
    <ForgotPasswordPageView
      onSubmit={(values) => request.mutate(next ? { ...values, next } : values)}
      isSubmitting={request.isPending}
      error={request.error}
      next={next}
      successMessage={request.isSuccess ? request.data?.message || 'If an account exists for that email, a reset link is on its way.' : undefined}
    />
  )
}
