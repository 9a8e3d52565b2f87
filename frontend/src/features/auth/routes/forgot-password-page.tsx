import { useRequestPasswordReset } from '../api/forgot-password'
import { ForgotPasswordPageView } from '../components/forgot-password-page-view'

/** /forgot-password: asks for a reset link and shows the server's answer. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset()
  return (
    <ForgotPasswordPageView
      onSubmit={(values) => request.mutate(values)}
      isSubmitting={request.isPending}
      error={request.error}
      successMessage={
        request.isSuccess ? request.data?.message || 'If an account exists for that email, a reset link is on its way.' : undefined
      }
    />
  )
}
