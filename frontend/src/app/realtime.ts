import { registerChatRealtime } from '@/features/chat/realtime'
import { registerInvitationsRealtime } from '@/features/invitations/realtime'
import { registerNotificationsRealtime } from '@/features/notifications/realtime'
import { registerPaymentsRealtime } from '@/features/payments/realtime'
import { registerTasksRealtime } from '@/features/tasks/realtime'

/**
 * Gives the shared socket (lib/realtime) every feature's handlers: each feature puts its own
 * events into its own cache. Called once before the socket opens; calling again changes nothing.
 */
export function registerRealtimeHandlers(): void {
  registerChatRealtime()
  registerInvitationsRealtime()
  registerNotificationsRealtime()
  registerPaymentsRealtime()
  registerTasksRealtime()
}
