import { Link } from 'react-router'
import { DashboardSection } from '@/components/ui/dashboard'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { formatDate } from '@/lib/tasks/status'
import { useInvitations } from '../api/get-invitations'

/** How many pending invitations the dashboard lists; the rest are a click away. */
const SHOWN = 3

/** The student dashboard's Invitations: those still waiting for an answer, newest first. */
export function PendingInvitations() {
  const invitations = useInvitations(1)
  return (
    <DashboardSection
      title="Invitations"
      action={
        <Link to={paths.student.invitations} className="text-sm font-medium text-indigo-700 hover:underline">
          View all invitations
        </Link>
      }
    >
      <QueryState
        query={invitations}
        loadingLabel="Loading your invitations"
        error="Failed to load your invitations"
        isEmpty={(paged) => !paged.items.some((invitation) => invitation.status === 'pending')}
        empty="No invitations waiting for an answer"
      >
        {(paged) => (
          <ul className="space-y-2">
            {paged.items
              .filter((invitation) => invitation.status === 'pending')
              .slice(0, SHOWN)
              .map(({ _id, task, startup, expiresAt }) => (
                <li key={_id} className="rounded-xl border border-slate-200 p-3">
                  <Link to={paths.student.invitations} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                    {task.title}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {startup.companyName} invited you · expires {formatDate(expiresAt)}
                  </p>
                </li>
              ))}
          </ul>
        )}
      </QueryState>
    </DashboardSection>
  )
}
