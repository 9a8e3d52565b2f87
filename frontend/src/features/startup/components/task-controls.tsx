import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button, buttonClasses } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextareaField } from '@/components/ui/textarea-field'
import { paths } from '@/config/paths'
import { errorMessage, isApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { Task } from '@/types/tasks'
import { CLOSE_REASON_MAX, CLOSE_REASON_REQUIRED, useCloseTask } from '../api/close-task'
import { useWithdrawTask } from '../api/withdraw-task'

type ControlledTask = Pick<Task, '_id' | 'title' | 'status' | 'submissions' | 'funding'>

/** The post form opened to change a task, or to post an ended one again (post-work-page). */
export const editTaskPath = (id: string) => `${paths.startup.postWork}?${new URLSearchParams({ edit: id })}`
export const repostTaskPath = (id: string) => `${paths.startup.postWork}?${new URLSearchParams({ repost: id })}`

export const hasEnded = (task: Pick<Task, 'status'>) => task.status === 'completed' || task.status === 'closed'

/**
 * A startup's controls of one of its tasks: Edit and Close while it runs, Withdraw while nobody
 * has submitted to it (and it holds no funding), Repost once it has ended.
 */
export function TaskControls({ task, onWithdrawn }: { task: ControlledTask; onWithdrawn?: () => void }) {
  const [dialog, setDialog] = useState<'close' | 'withdraw' | null>(null)
  const ended = hasEnded(task)
  const withdrawable = task.submissions.length === 0 && task.funding.status === 'unfunded'
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Manage ${task.title}`}>
      {!ended && (
        <Link to={editTaskPath(task._id)} className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={`Edit ${task.title}`}>
          Edit
        </Link>
      )}
      {!ended && (
        <Button size="sm" variant="outline" onClick={() => setDialog('close')} aria-label={`Close ${task.title}`}>
          Close
        </Button>
      )}
      {withdrawable && (
        <Button size="sm" variant="ghost" onClick={() => setDialog('withdraw')} aria-label={`Withdraw ${task.title}`}>
          Withdraw
        </Button>
      )}
      {ended && (
        <Link to={repostTaskPath(task._id)} className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={`Repost ${task.title}`}>
          Repost
        </Link>
      )}
      {dialog === 'close' && <CloseTaskDialog task={task} onClose={() => setDialog(null)} />}
      {dialog === 'withdraw' && <WithdrawTaskDialog task={task} onClose={() => setDialog(null)} onWithdrawn={onWithdrawn} />}
    </div>
  )
}

/** Close with a reason: the students whose work is still open read it. */
export function CloseTaskDialog({ task, onClose }: { task: ControlledTask; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const close = useCloseTask()
  const open = task.submissions.filter((s) => ['pending', 'under-review', 'changes_requested', ''].includes(s.status ?? '')).length
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) {
      setError(CLOSE_REASON_REQUIRED)
      return
    }
    // mutateAsync, not mutate's callbacks: the refetch its success starts may unmount this
    // dialog's card first, and the toast must still come.
    close.mutateAsync({ id: task._id, reason: reason.trim() }).then(
      () => {
        notify.success('Task closed')
        onClose()
      },
      (err: unknown) => {
        if (isApiError(err) && err.fields.reason) setError(err.fields.reason)
        else notify.error(errorMessage(err, 'Failed to close the task'))
      },
    )
  }
  return (
    <Dialog
      title={`Close '${task.title}'?`}
      description={
        open > 0
          ? `It leaves the market, and the ${open === 1 ? 'student whose work is' : `${open} students whose work is`} still open will be told why.`
          : 'It leaves the market and takes no more work.'
      }
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextareaField
          label="Reason for closing"
          required
          maxLength={CLOSE_REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value)
            setError(undefined)
          }}
          error={error}
          hint="Students see this, e.g. We filled the role in house."
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={close.isPending} loadingText="Closing...">
            Close task
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Withdraw: the task is deleted; nobody had submitted to it. */
export function WithdrawTaskDialog({ task, onClose, onWithdrawn }: { task: ControlledTask; onClose: () => void; onWithdrawn?: () => void }) {
  const withdraw = useWithdrawTask()
  // As in CloseTaskDialog: the card this dialog belongs to leaves the list as the task goes.
  const confirm = () =>
    withdraw.mutateAsync(task._id).then(
      () => {
        notify.success('Task withdrawn')
        onClose()
        onWithdrawn?.()
      },
      (err: unknown) => notify.error(errorMessage(err, 'Failed to withdraw the task')),
    )
  return (
    <Dialog
      title={`Withdraw '${task.title}'?`}
      description="Nobody has submitted to it yet. It is deleted and cannot be brought back."
      onClose={onClose}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Keep it
        </Button>
        <Button type="button" variant="danger" isLoading={withdraw.isPending} loadingText="Withdrawing..." onClick={confirm}>
          Withdraw task
        </Button>
      </div>
    </Dialog>
  )
}
