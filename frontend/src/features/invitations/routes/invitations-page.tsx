import { useState } from 'react'
import { Pagination } from '@/components/ui/pagination'
import { QueryState } from '@/components/ui/query-state'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { Invitation } from '@/types/matching'
import { useAcceptInvitation } from '../api/accept-invitation'
import { useInvitations } from '../api/get-invitations'
import { DeclineDialog } from '../components/decline-dialog'
import { InvitationList } from '../components/invitation-list'

export const ACCEPT_FAILED = 'Failed to accept the invitation'

/** /student/invitations: the tasks startups invited the student to, answered here. */
export function InvitationsPage() {
  const [page, setPage] = useState(1)
  const invitations = useInvitations(page)
  const accept = useAcceptInvitation()
  const [acceptError, setAcceptError] = useState<{ id: string; message: string }>()
  const [declining, setDeclining] = useState<Invitation | null>(null)
  const onAccept = (invitation: Invitation) => {
    setAcceptError(undefined)
    accept.mutate(invitation._id, {
      onSuccess: () => notify.success(`You took "${invitation.task.title}"`),
      onError: (error) => {
        const message = errorMessage(error, ACCEPT_FAILED)
        setAcceptError({ id: invitation._id, message })
        notify.error(message)
      },
    })
  }
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <title>Invitations · Bridgework</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Invitations</h1>
        <p className="mt-1 text-slate-600">Startups that found your work a match invite you to their tasks. Accepting takes the task.</p>
      </div>
      <QueryState
        query={invitations}
        loadingLabel="Loading your invitations"
        error="Failed to load your invitations"
        isEmpty={(paged) => paged.items.length === 0}
        empty="No invitations yet. Startups see you in their matches while your profile lets them."
      >
        {(paged) => (
          <>
            <InvitationList
              invitations={paged.items}
              onAccept={onAccept}
              onDecline={setDeclining}
              accepting={accept.isPending ? accept.variables : undefined}
              acceptError={acceptError}
            />
            <Pagination paged={paged} onPageChange={setPage} label="Invitations pages" />
          </>
        )}
      </QueryState>
      {declining && <DeclineDialog invitation={declining} onClose={() => setDeclining(null)} />}
    </div>
  )
}
