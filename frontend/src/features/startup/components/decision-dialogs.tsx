import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/input'
import { TextareaField } from '@/components/ui/textarea-field'
import { errorMessage, isApiError } from '@/lib/api-client'
import type { ReviewAction, ReviewOutcome } from '../api/review-submission'

/** The server's limit on review notes. */
export const NOTES_MAX = 1000
export const NOTES_REQUIRED = 'Review notes are required to request changes'
/** The API keeps a rejection's reason optional; the dialog asks for one gently. */
export const REASON_HINT = 'The student sees this reason. You may leave it empty, but a sentence on why helps them next time.'

/** "Approve Rosa Diaz's work on 'Landing page'?": who and what, in the dialog's title. */
export function decisionTitle(verb: 'Approve' | 'Reject', studentName: string, taskTitle: string): string {
  return `${verb} ${studentName}'s work on '${taskTitle}'?`
}

type DecisionDialogProps = {
  studentName: string
  /** The task the work was for: a decision names who and what (issue 18). */
  taskTitle: string
  onConfirm: (action: ReviewAction) => Promise<ReviewOutcome>
  onClose: () => void
  busy: boolean
}

/** The notes of a decision: at most NOTES_MAX characters, like the server's limit. */
function NotesField({ onChange, ...props }: { label: string; value: string; onChange: (value: string) => void; error?: string; required?: boolean; hint?: string }) {
  return <TextareaField {...props} maxLength={NOTES_MAX} onChange={(event) => onChange(event.target.value)} />
}

function Actions({ busy, confirm, danger = false, onClose }: { busy: boolean; confirm: string; danger?: boolean; onClose: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <Button type="button" variant="outline" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} isLoading={busy} loadingText="Saving...">
        {confirm}
      </Button>
    </div>
  )
}

/** Runs the decision; the dialog closes once it was taken and shows the server's reason otherwise. */
function useDecision({ onConfirm, onClose }: Pick<DecisionDialogProps, 'onConfirm' | 'onClose'>, fallback: string) {
  const [error, setError] = useState<{ field?: string; form?: string }>({})
  const run = async (action: ReviewAction) => {
    setError({})
    const outcome = await onConfirm(action)
    if (!outcome.error) return onClose()
    const field = isApiError(outcome.error) ? outcome.error.fields.reviewNotes : undefined
    setError(field ? { field } : { form: errorMessage(outcome.error, fallback) })
  }
  return { error, setError, run }
}

/** Approve asks first: keep the task open for more students, or close it (issue 15). */
export function ApproveDialog({ studentName, taskTitle, assigned, onConfirm, onClose, busy }: DecisionDialogProps & { assigned: boolean }) {
  const [notes, setNotes] = useState('')
  const [closeTask, setCloseTask] = useState(false)
  const { error, run } = useDecision({ onConfirm, onClose }, 'Failed to update submission status')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run({ kind: 'approve', reviewNotes: notes.trim(), closeTask: assigned || closeTask })
  }
  return (
    <Dialog title={decisionTitle('Approve', studentName, taskTitle)} description={`${studentName}'s submission is approved and earns a certificate.`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Approve ${studentName}'s work`}>
        {assigned ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">This task is assigned to {studentName}: it closes with this approval.</p>
        ) : (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">After approving</legend>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input type="radio" name="after" checked={!closeTask} onChange={() => setCloseTask(false)} className="mt-0.5" />
              <span>Keep the task open for more students</span>
            </label>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input type="radio" name="after" checked={closeTask} onChange={() => setCloseTask(true)} className="mt-0.5" />
              <span>
                Close the task
                <span className="block text-xs text-slate-500">Other open submissions are closed: &ldquo;This task was filled&rdquo;.</span>
              </span>
            </label>
          </fieldset>
        )}
        <NotesField label="Review notes (optional)" value={notes} onChange={setNotes} error={error.field} />
        <FieldError message={error.form} />
        <Actions busy={busy} confirm="Confirm" onClose={onClose} />
      </form>
    </Dialog>
  )
}

/** Send the work back with notes; the student submits the next revision (issue 15). */
export function RequestChangesDialog({ studentName, onConfirm, onClose, busy }: DecisionDialogProps) {
  const [notes, setNotes] = useState('')
  const { error, setError, run } = useDecision({ onConfirm, onClose }, 'Failed to request changes')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!notes.trim()) return setError({ field: NOTES_REQUIRED })
    void run({ kind: 'request-changes', reviewNotes: notes.trim() })
  }
  return (
    <Dialog title="Request changes" description={`${studentName} sees your notes and can send a new link as the next revision.`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Request changes from ${studentName}`}>
        <NotesField
          label="Notes for the student"
          value={notes}
          onChange={setNotes}
          error={error.field}
          required
          hint={`What should change? At most ${NOTES_MAX} characters.`}
        />
        <FieldError message={error.form} />
        <Actions busy={busy} confirm="Send request" onClose={onClose} />
      </form>
    </Dialog>
  )
}

/** Reject asks first, for a reason the student sees (optional, as the API keeps it). */
export function RejectDialog({ studentName, taskTitle, onConfirm, onClose, busy }: DecisionDialogProps) {
  const [notes, setNotes] = useState('')
  const { error, run } = useDecision({ onConfirm, onClose }, 'Failed to update submission status')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run({ kind: 'reject', reviewNotes: notes.trim() })
  }
  return (
    <Dialog title={decisionTitle('Reject', studentName, taskTitle)} description={`${studentName}'s submission is rejected; this is final.`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Reject ${studentName}'s work`}>
        <NotesField label="Reason for the student (optional)" value={notes} onChange={setNotes} error={error.field} hint={REASON_HINT} />
        <FieldError message={error.form} />
        <Actions busy={busy} confirm="Reject" danger onClose={onClose} />
      </form>
    </Dialog>
  )
}
