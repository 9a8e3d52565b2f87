import { useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextareaField } from '@/components/ui/textarea-field'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { Invitation } from '@/types/matching'
import { DECLINE_REASON_MAX, useDeclineInvitation } from '../api/decline-invitation'

export const DECLINE_FAILED = 'Failed to decline the invitation'

/** Decline an invitation, saying why if the student wishes; a refusal keeps the dialog open with the server's words. */
export function DeclineDialog({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const decline = useDeclineInvitation()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    decline.mutateAsync({ id: invitation._id, reason: reason.trim() }).then(
      () => {
        notify.success('Invitation declined')
        onClose()
      },
      (err: unknown) => {
        const text = errorMessage(err, DECLINE_FAILED)
        setError(text)
        notify.error(text)
      },
    )
  }
  return (
    <Dialog title={`Decline '${invitation.task.title}'?`} description={`${invitation.startup.companyName} is told you declined.`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextareaField
          label="Reason (optional)"
          maxLength={DECLINE_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint="The startup reads this, e.g. I am busy until March."
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={decline.isPending} loadingText="Declining...">
            Decline invitation
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
