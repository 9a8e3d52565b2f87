import { useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextareaField } from '@/components/ui/textarea-field'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { INVITE_MESSAGE_MAX, useInviteStudent } from '../api/invite-student'

export const INVITE_FAILED = 'Failed to send the invitation'

type InviteDialogProps = {
  taskId: string
  taskTitle: string
  studentId: string
  studentName: string
  onClose: () => void
}

/**
 * Invite one matched student to the task, with an optional message. A refusal (already invited,
 * task no longer open, over the limits) keeps the dialog open with the server's words.
 */
export function InviteDialog({ taskId, taskTitle, studentId, studentName, onClose }: InviteDialogProps) {
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string>()
  const invite = useInviteStudent()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    // As CloseTaskDialog: the refetch the success starts may replace the row this dialog opened from.
    invite.mutateAsync({ taskId, studentId, message: message.trim() }).then(
      () => {
        notify.success(`Invitation sent to ${studentName}`)
        onClose()
      },
      (err: unknown) => {
        const text = errorMessage(err, INVITE_FAILED)
        setError(text)
        notify.error(text)
      },
    )
  }
  return (
    <Dialog title={`Invite ${studentName} to '${taskTitle}'?`} description="They are told at once and can accept or decline." onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextareaField
          label="Message (optional)"
          maxLength={INVITE_MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          hint={`Up to ${INVITE_MESSAGE_MAX} characters, e.g. why you picked them.`}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={invite.isPending} loadingText="Sending...">
            Send invitation
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
