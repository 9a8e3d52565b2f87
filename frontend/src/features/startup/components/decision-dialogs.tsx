import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FieldError, Input } from '@/components/ui/input'
import { TextareaField } from '@/components/ui/textarea-field'
import { errorMessage, isApiError } from '@/lib/api-client'
import { placesLeft } from '@/lib/payments/words'
import { currencyDigits, formatAmount, isPaid } from '@/lib/tasks/pay'
import type { ReviewAction, ReviewOutcome } from '../api/review-submission'
import { payProblem, payRange, type PayTerms } from '../lib/pay-range'

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
  /** The task the work was for: a decision names who and what. */
  taskTitle: string
  /** The revision the student sent after the dialog opened: what the startup saw is gone. */
  changedTo?: number
  onConfirm: (action: ReviewAction) => Promise<ReviewOutcome>
  onClose: () => void
  busy: boolean
}

/** The server's words for a decision on a revision the student has replaced (409). */
export function staleRevisionMessage(revision: number): string {
  return `This submission changed since you opened it: review revision ${revision}`
}

/** Says the submission changed under the open dialog; its decision would be refused. */
function ChangedNotice({ changedTo }: { changedTo?: number }) {
  if (changedTo === undefined) return null
  return (
    <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {staleRevisionMessage(changedTo)}. Close this and open the new link first.
    </p>
  )
}

/** The notes of a decision: at most NOTES_MAX characters, like the server's limit. */
function NotesField({
  onChange,
  ...props
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  required?: boolean
  hint?: string
}) {
  return <TextareaField {...props} maxLength={NOTES_MAX} onChange={(event) => onChange(event.target.value)} />
}

function Actions({
  busy,
  confirm,
  danger = false,
  stale = false,
  onClose,
}: {
  busy: boolean
  confirm: string
  danger?: boolean
  stale?: boolean
  onClose: () => void
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <Button type="button" variant="outline" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={stale} isLoading={busy} loadingText="Saving...">
        {confirm}
      </Button>
    </div>
  )
}

/** Runs the decision; the dialog closes once it was taken and shows the server's reason otherwise. */
function useDecision({ onConfirm, onClose }: Pick<DecisionDialogProps, 'onConfirm' | 'onClose'>, fallback: string) {
  const [error, setError] = useState<{ field?: string; payAmount?: string; form?: string }>({})
  const run = async (action: ReviewAction) => {
    setError({})
    const outcome = await onConfirm(action)
    if (!outcome.error) return onClose()
    const fields = isApiError(outcome.error) ? outcome.error.fields : {}
    if (fields.reviewNotes || fields.payAmount) setError({ field: fields.reviewNotes, payAmount: fields.payAmount })
    else setError({ form: errorMessage(outcome.error, fallback) })
  }
  return { error, setError, run }
}

/** What an approval does to the task: fill one paid place, complete it now, or keep it open. */
type AfterApproval = 'fill' | 'close' | 'keep-open'

const closeTaskOf: Record<AfterApproval, boolean | undefined> = { fill: undefined, close: true, 'keep-open': false }

function Choice({ checked, onChange, label, hint }: { checked: boolean; onChange: () => void; label: string; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input type="radio" name="after" checked={checked} onChange={onChange} className="mt-0.5" />
      <span>
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  )
}

/**
 * After approving: with paid places left beyond this one, fill it and keep the task open, or
 * close the task now; on the last place, close the task (the spec's approval) or keep it open
 * for more students, which adds a place.
 */
function AfterApprovalChoice({
  studentName,
  terms,
  after,
  onChange,
}: {
  studentName: string
  terms: PayTerms
  after: AfterApproval
  onChange: (after: AfterApproval) => void
}) {
  const left = placesLeft(terms)
  const filled = `It is completed for ${studentName}; other open submissions are closed: \u201cThis task was filled\u201d.`
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">After approving</legend>
      {left > 1 ? (
        <>
          <Choice
            checked={after === 'fill'}
            onChange={() => onChange('fill')}
            label="Fill one place and keep the task open"
            hint={`${left - 1} left for more students.`}
          />
          <Choice checked={after === 'close'} onChange={() => onChange('close')} label="Close the task now" hint={filled} />
        </>
      ) : (
        <>
          <Choice checked={after === 'close'} onChange={() => onChange('close')} label="Close the task" hint={filled} />
          <Choice
            checked={after === 'keep-open'}
            onChange={() => onChange('keep-open')}
            label="Keep the task open for more students"
            hint={terms.seats > 1 ? 'It adds a paid place for the next approval.' : undefined}
          />
        </>
      )}
    </fieldset>
  )
}

/** The pay of an approval on paid work, within the budget and in its currency. */
function PayField({ terms, value, onChange, error }: { terms: PayTerms; value: string; onChange: (value: string) => void; error?: string }) {
  const { lo, hi } = payRange(terms)
  const range =
    lo === hi
      ? `The task's budget: ${formatAmount(hi, terms.currency)}.`
      : `Between ${formatAmount(lo, terms.currency)} and ${formatAmount(hi, terms.currency)}, the task's budget.`
  return (
    <Input
      label="Pay for this work"
      type="number"
      inputMode="decimal"
      min={lo}
      max={hi}
      step={1 / 10 ** currencyDigits(terms.currency)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={range}
      error={error}
      endAdornment={<span className="px-2 text-sm text-slate-500">{terms.currency}</span>}
    />
  )
}

/** How many of the task's paid places are left and what this approval does to them. */
function PlacesNotice({ terms }: { terms: PayTerms }) {
  if (terms.seats <= 1) return null
  const left = placesLeft(terms)
  const noun = isPaid(terms.budget) ? 'paid places' : 'places'
  return (
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      {left} of {terms.seats} {noun} left: approving fills one{left <= 1 ? ', the last' : ''}.
    </p>
  )
}

/**
 * Approve asks first: on paid work, the pay (the budget's max unless the startup says less);
 * with several paid places, how many are left; and what happens to the task after.
 */
export function ApproveDialog({
  studentName,
  taskTitle,
  assigned,
  terms,
  changedTo,
  onConfirm,
  onClose,
  busy,
}: DecisionDialogProps & { assigned: boolean; terms: PayTerms }) {
  const paid = isPaid(terms.budget)
  const [notes, setNotes] = useState('')
  const [pay, setPay] = useState(() => String(payRange(terms).hi))
  const [payError, setPayError] = useState<string>()
  const [after, setAfter] = useState<AfterApproval>(placesLeft(terms) > 1 ? 'fill' : 'close')
  const { error, run } = useDecision({ onConfirm, onClose }, 'Failed to update submission status')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = paid ? payProblem(pay, terms) : undefined
    setPayError(problem)
    if (problem) return
    void run({ kind: 'approve', reviewNotes: notes.trim(), closeTask: assigned || closeTaskOf[after], payAmount: paid ? Number(pay) : undefined })
  }
  return (
    <Dialog
      title={decisionTitle('Approve', studentName, taskTitle)}
      description={`${studentName}'s submission is approved and earns a certificate.`}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Approve ${studentName}'s work`}>
        {paid ? (
          <PayField terms={terms} value={pay} onChange={setPay} error={payError ?? error.payAmount} />
        ) : (
          <p className="rounded-lg bg-slate-50 p-3 text-sm font-medium text-slate-700">Unpaid — certificate only</p>
        )}
        <PlacesNotice terms={terms} />
        {assigned ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">This task is assigned to {studentName}: it closes with this approval.</p>
        ) : (
          <AfterApprovalChoice studentName={studentName} terms={terms} after={after} onChange={setAfter} />
        )}
        <NotesField label="Review notes (optional)" value={notes} onChange={setNotes} error={error.field} />
        <ChangedNotice changedTo={changedTo} />
        <FieldError message={error.form} />
        <Actions busy={busy} confirm="Confirm" stale={changedTo !== undefined} onClose={onClose} />
      </form>
    </Dialog>
  )
}

/** Send the work back with notes; the student submits the next revision. */
export function RequestChangesDialog({ studentName, changedTo, onConfirm, onClose, busy }: DecisionDialogProps) {
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
        <ChangedNotice changedTo={changedTo} />
        <FieldError message={error.form} />
        <Actions busy={busy} confirm="Send request" stale={changedTo !== undefined} onClose={onClose} />
      </form>
    </Dialog>
  )
}

/** Reject asks first, for a reason the student sees (optional, as the API keeps it). */
export function RejectDialog({ studentName, taskTitle, changedTo, onConfirm, onClose, busy }: DecisionDialogProps) {
  const [notes, setNotes] = useState('')
  const { error, run } = useDecision({ onConfirm, onClose }, 'Failed to update submission status')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run({ kind: 'reject', reviewNotes: notes.trim() })
  }
  return (
    <Dialog
      title={decisionTitle('Reject', studentName, taskTitle)}
      description={`${studentName}'s submission is rejected; this is final.`}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Reject ${studentName}'s work`}>
        <NotesField label="Reason for the student (optional)" value={notes} onChange={setNotes} error={error.field} hint={REASON_HINT} />
        <ChangedNotice changedTo={changedTo} />
        <FieldError message={error.form} />
        <Actions busy={busy} confirm="Reject" danger stale={changedTo !== undefined} onClose={onClose} />
      </form>
    </Dialog>
  )
}
