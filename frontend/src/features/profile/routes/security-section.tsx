import { errorMessage } from '@/lib/api-client'
import { useLogoutEverywhere } from '@/lib/auth'
import { notify } from '@/lib/notify'
import { useEndSession, useSessions } from '@/lib/sessions'
import { useSecurityEvents } from '../api/get-security-events'
import { SecuritySectionView } from '../components/security-section'

/** /profile's Security part with its data: the sessions (shared with the account menu) and the security events. */
export function SecuritySection() {
  const sessions = useSessions(true)
  const events = useSecurityEvents()
  const endSession = useEndSession()
  const signOutEverywhere = useLogoutEverywhere()
  return (
    <SecuritySectionView
      sessions={sessions}
      events={events}
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
