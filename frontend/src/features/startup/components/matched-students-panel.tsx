import { useState } from 'react'
import { Link } from 'react-router'
import { ReasonList } from '@/components/matching/reason-list'
import { Avatar } from '@/components/ui/avatar'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Pagination } from '@/components/ui/pagination'
import { QueryError, QueryState, type QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import type { Paged } from '@/lib/api-client'
import { avatarInitial, displayName } from '@/lib/user'
import type { Invitation, InvitationStatus, StudentMatch } from '@/types/matching'
import { useTaskInvitations } from '../api/get-task-invitations'
import { useTaskMatches } from '../api/get-task-matches'
import { InviteDialog } from './invite-dialog'

/** An invitation's status as the startup that sent it reads it. */
export const SENT_INVITATION_LABEL: Record<InvitationStatus, string> = {
  pending: 'Invited',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
}

const statusTone: Record<InvitationStatus, BadgeTone> = { pending: 'info', accepted: 'success', declined: 'neutral', expired: 'warning' }

type MatchedStudentsViewProps = {
  task: { _id: string; title: string }
  matches: QueryStatus<Paged<StudentMatch>>
  /** The task's invitations by student; undefined while they load or when they failed. */
  invitations: Map<string, Invitation> | undefined
  invitationsFailed: boolean
  onRetryInvitations: () => void
  onPageChange: (page: number) => void
  /** Invite is offered while the task can still take a student. */
  canInvite: boolean
}

/** The task page's panel is the "Find Students" for a task already posted. */
export const FIND_STUDENTS_TITLE = 'Find students'
export const FIND_STUDENTS_SUBTITLE = 'Ranked for this task: skills proved in approved work, rating, related work and how fast they reply.'

/**
 * Students ranked for the task, best first, each with the score and why; a student already
 * invited shows the invitation's status where Invite was.
 */
export function MatchedStudentsView({
  task,
  matches,
  invitations,
  invitationsFailed,
  onRetryInvitations,
  onPageChange,
  canInvite,
}: MatchedStudentsViewProps) {
  const [inviting, setInviting] = useState<{ id: string; name: string } | null>(null)
  return (
    <section aria-labelledby="matched-students-heading" className="space-y-3">
      <div>
        <h2 id="matched-students-heading" className="text-xl font-semibold text-slate-900">
          {FIND_STUDENTS_TITLE}
        </h2>
        <p className="text-sm text-slate-600">{FIND_STUDENTS_SUBTITLE}</p>
      </div>
      {invitationsFailed && <QueryError onRetry={onRetryInvitations}>Failed to load the invitations you sent.</QueryError>}
      <QueryState
        query={matches}
        loadingLabel="Loading matched students"
        error="Failed to load matched students"
        isEmpty={(page) => page.items.length === 0}
        empty="No students match this task yet. Students appear here once their skills or approved work fit it."
      >
        {(page) => (
          <>
            <ul className="space-y-3">
              {page.items.map(({ student, score, reasons }) => {
                const name = displayName(student)
                const invitation = invitations?.get(student._id)
                return (
                  <li
                    key={student._id}
                    aria-label={name}
                    className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start"
                  >
                    <Avatar src={student.profilePicture} initials={avatarInitial(student)} size="md" />
                    <div className="min-w-0 flex-1 space-y-2">
                      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                        <Link to={paths.startup.student(student._id)} className="font-semibold text-slate-900 hover:text-indigo-700 hover:underline">
                          {name}
                        </Link>
                        <span className="text-sm text-slate-600 tabular-nums">Score {score}</span>
                      </div>
                      {student.headline && <p className="text-sm text-slate-600">{student.headline}</p>}
                      <ReasonList reasons={reasons} label={`Why ${name} matches`} />
                    </div>
                    <div className="shrink-0">
                      {invitation ? (
                        <Badge tone={statusTone[invitation.status]}>{SENT_INVITATION_LABEL[invitation.status]}</Badge>
                      ) : (
                        canInvite &&
                        invitations && (
                          <Button size="sm" onClick={() => setInviting({ id: student._id, name })} aria-label={`Invite ${name}`}>
                            Invite
                          </Button>
                        )
                      )}
                    </div>
                  </li>
                )
              })}
            </ul>
            <Pagination paged={page} onPageChange={onPageChange} label="Find students pages" />
          </>
        )}
      </QueryState>
      {inviting && (
        <InviteDialog
          taskId={task._id}
          taskTitle={task.title}
          studentId={inviting.id}
          studentName={inviting.name}
          onClose={() => setInviting(null)}
        />
      )}
    </section>
  )
}

/** The task page's Find students: one page of matches and the task's invitations, merged. */
export function MatchedStudentsPanel({ task, canInvite }: { task: { _id: string; title: string }; canInvite: boolean }) {
  const [page, setPage] = useState(1)
  const matches = useTaskMatches(task._id, page)
  const invitations = useTaskInvitations(task._id)
  // Newest first from the server: read oldest first, the newest invitation of a student stays.
  const byStudent = invitations.data && new Map([...invitations.data].reverse().map((invitation) => [invitation.student._id, invitation]))
  return (
    <MatchedStudentsView
      task={task}
      matches={matches}
      invitations={byStudent}
      invitationsFailed={invitations.isError}
      onRetryInvitations={() => void invitations.refetch()}
      onPageChange={setPage}
      canInvite={canInvite}
    />
  )
}
