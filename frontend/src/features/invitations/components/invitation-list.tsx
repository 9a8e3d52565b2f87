import { CalendarClock } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Avatar } from '@/components/ui/avatar'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button, buttonClasses } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { formatPay } from '@/lib/tasks/pay'
import { formatDate } from '@/lib/tasks/status'
import type { Invitation, InvitationStatus } from '@/types/matching'

/** An invitation's status as the invited student reads it. */
export const INVITATION_LABEL: Record<InvitationStatus, string> = {
  pending: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
}

const tone: Record<InvitationStatus, BadgeTone> = { pending: 'brand', accepted: 'success', declined: 'neutral', expired: 'warning' }

export type InvitationListProps = {
  invitations: Invitation[]
  onAccept: (invitation: Invitation) => void
  onDecline: (invitation: Invitation) => void
  /** The invitation being accepted, if any. */
  accepting?: string
  /** Why accepting one failed, in the server's words. */
  acceptError?: { id: string; message: string }
}

/** A student's invitations: task, startup, message, status and expiry; Accept and Decline while pending. */
export function InvitationList({ invitations, onAccept, onDecline, accepting, acceptError }: InvitationListProps) {
  return (
    <ul className="space-y-3">
      {invitations.map((invitation) => {
        const { task, startup, status } = invitation
        return (
          <li key={invitation._id} aria-label={task.title} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="flex min-w-0 items-center gap-3">
                <Avatar src={startup.profilePicture} initials={(startup.companyName || 'S')[0]!.toUpperCase()} size="sm" />
                <div className="min-w-0">
                  <h3 className="break-words font-semibold text-slate-900">
                    <Link to={paths.task(task._id)} className="hover:text-indigo-700 hover:underline">
                      {task.title}
                    </Link>
                  </h3>
                  <p className="text-sm text-slate-600">
                    {startup.companyName} · {formatPay(task.budget, task.currency)}
                  </p>
                </div>
              </div>
              <Badge tone={tone[status]}>{INVITATION_LABEL[status]}</Badge>
            </div>
            {invitation.message && (
              <blockquote className="whitespace-pre-line break-words border-l-4 border-indigo-200 pl-3 text-sm text-slate-700">
                {invitation.message}
              </blockquote>
            )}
            <p className="flex items-center gap-1 text-xs text-slate-500">
              <CalendarClock className="size-3.5" aria-hidden="true" />
              {status === 'pending' ? `Expires ${formatDate(invitation.expiresAt)}` : `Invited ${formatDate(invitation.createdAt)}`}
              {invitation.answeredAt && ` · answered ${formatDate(invitation.answeredAt)}`}
            </p>
            {status === 'declined' && invitation.reason && <p className="text-sm text-slate-600">Your reason: {invitation.reason}</p>}
            {acceptError?.id === invitation._id && <Alert tone="error">{acceptError.message}</Alert>}
            {status === 'pending' && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => onAccept(invitation)}
                  isLoading={accepting === invitation._id}
                  loadingText="Accepting..."
                  aria-label={`Accept ${task.title}`}
                >
                  Accept
                </Button>
                <Button size="sm" variant="outline" onClick={() => onDecline(invitation)} aria-label={`Decline ${task.title}`}>
                  Decline
                </Button>
              </div>
            )}
            {status === 'accepted' && (
              <Link to={paths.task(task._id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                Go to the task
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}
