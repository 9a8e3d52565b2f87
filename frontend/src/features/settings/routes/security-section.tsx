import { errorMessage } from '@/lib/api-client'
import { useLogoutEverywhere } from '@/lib/auth'
import { notify } from '@/lib/notify'
import { useEndSession, useSessions } from '@/lib/sessions'
import { useSecurityEvents } from '../api/get-security-events'
import { DevicesSectionView, SignInLogSectionView } from '../components/security-section'

/** /settings "Devices" with its data: the user's sessions, each other one with Sign out. */
export function DevicesSection() {
  const sessions = useSessions(true)
  const endSession = useEndSession()
  const signOutEverywhere = useLogoutEverywhere()
  return (
    <DevicesSectionView
      sessions={sessions}
      endingId={endSession.isPending ? endSession.variables : undefined}
      onEndSession={(session) =>
        endSession.mutate(session._id, {
          onSuccess: () => notify.success(`Signed out ${session.device}.`),
          onError: (error) => notify.error(errorMessage(error, 'Could not sign that device out.')),
        })
      }
      onSignOutEverywhere={() => void signOutEverywhere()}
    />
  )
}

/** /settings "Sign-in log" with its data. */
export function SignInLogSection() {
  return <SignInLogSectionView events={useSecurityEvents()} />
}
