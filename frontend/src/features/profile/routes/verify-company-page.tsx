import { ShieldAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { useConfirmVerification } from '../api/company-verification'

/**
 * /verify-company?token=…: the mailed link. Opening it while signed in as the startup that asked
 * verifies the company. The page is open to everyone, so a signed-out visitor learns what to do
 * instead of being sent to /login without the token.
 */
export function VerifyCompanyPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const user = useCurrentUser()
  const confirm = useConfirmVerification()
  const canConfirm = user?.userType === 'startup' && token !== ''
  // The token works once: confirm it once per page, even when effects run twice (StrictMode).
  const sent = useRef(false)
  useEffect(() => {
    if (canConfirm && !sent.current) {
      sent.current = true
      confirm.mutate(token)
    }
  }, [canConfirm, confirm, token])

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
      <title>Verify your company · Bridgework</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Verify your company</h1>
      <div className="mt-6">
        {!token ? (
          <Alert tone="error">
            This verification link is incomplete. Open the link from the email again, or ask for a new one from your profile.
          </Alert>
        ) : user?.userType !== 'startup' ? (
          <Card className="flex items-start gap-3 p-6 text-slate-700">
            <ShieldAlert className="size-6 shrink-0 text-amber-600" aria-hidden="true" />
            <p>
              {user ? 'This link is for a startup account.' : 'You are signed out.'} Sign in as the startup that asked for this link, then open the
              link from the email again.{' '}
              {!user && (
                <Link to={paths.login} className="font-medium text-indigo-700 hover:underline">
                  Sign in
                </Link>
              )}
            </p>
          </Card>
        ) : confirm.isSuccess ? (
          <Card className="space-y-3 border-emerald-200 p-6">
            <p role="status" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-emerald-800">
              {confirm.data.companyName} is verified
              {confirm.data.verifiedDomain && <VerifiedBadge domain={confirm.data.verifiedDomain} />}
            </p>
            <p className="text-sm text-slate-600">Your certificates, tasks and profile now show it.</p>
            <Link to={paths.profile} className="text-sm font-medium text-indigo-700 hover:underline">
              Back to your profile
            </Link>
          </Card>
        ) : confirm.isError ? (
          <Alert tone="error">{errorMessage(confirm.error, 'The company could not be verified. Please try again later.')}</Alert>
        ) : (
          <div className="flex justify-center py-10 text-indigo-600">
            <Spinner size="lg" label="Verifying your company" />
          </div>
        )}
      </div>
    </div>
  )
}
