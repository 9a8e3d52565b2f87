import { paths } from '@/config/paths'
import { navigateTo } from '@/lib/navigation'
import { notify } from '@/lib/notify'
import { queryKeys } from '@/lib/query-keys'
import { registerCatchUp, registerRealtimeHandler, type RealtimeContext } from '@/lib/realtime/registry'
import type { QueryClient } from '@tanstack/react-query'
import type { Invitation } from '@/types/matching'

// Invitations are one user's events (the invited student, the inviting startup), never a crowd's,
// so each refetches what it changes. The bell's notification comes in its own notification.new
// frame and goes into the bell's cache there (features/notifications/realtime.ts).

const answerWords: Partial<Record<Invitation['status'], string>> = { accepted: 'accepted', declined: 'declined' }

/** To the student: a startup invited them. Their invitations (list and dashboard) read again. */
function onInvitationNew(invitation: Invitation, { queryClient }: RealtimeContext): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all })
  notify.info(`${invitation.startup.companyName} invited you to "${invitation.task.title}"`, {
    action: { label: 'View', onClick: () => navigateTo(paths.student.invitations) },
  })
}

/**
 * To the startup: a student answered. The task's invitations and matches read again, and on an
 * acceptance the task itself (now assigned) with the lists and dashboard that show it.
 */
function onInvitationAnswered(invitation: Invitation, { queryClient }: RealtimeContext): void {
  const taskId = invitation.task._id
  void queryClient.invalidateQueries({ queryKey: queryKeys.invitations.task(taskId) })
  void queryClient.invalidateQueries({ queryKey: queryKeys.matches.all })
  if (invitation.status === 'accepted') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all })
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.startup })
  }
  const name = `${invitation.student.firstName} ${invitation.student.lastName}`.trim()
  const verb = answerWords[invitation.status] ?? 'answered'
  notify.info(`${name} ${verb} your invitation to "${invitation.task.title}"`, {
    ...(invitation.reason ? { description: `Reason: ${invitation.reason}` } : {}),
    action: { label: 'View', onClick: () => navigateTo(paths.startup.task(taskId)) },
  })
}

async function catchUpInvitations(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all })
}

/** The invitations' live events. */
export function registerInvitationsRealtime(): void {
  registerRealtimeHandler('invitation.new', onInvitationNew)
  registerRealtimeHandler('invitation.answered', onInvitationAnswered)
  registerCatchUp(catchUpInvitations)
}
