import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { registerCatchUp, registerRealtimeHandler, type RealtimeContext } from '@/lib/realtime/registry'
import type { Bell, Notification } from './api/get-notifications'
import { addToBell } from './lib/bell-cache'

// notification.new and notification.count carry what the bell shows, so they go into its cache
// and ask the server nothing. Neither refetches the dashboards: a notification about a submission
// comes with the submission.status or task.updated that refetches them (features/tasks/realtime.ts).
// One posted task alerts thousands of students in the same second: its bell notification rides
// in the task.alert frame (one frame where three were) and goes into the cache alike, counted as
// notification.new's is.

/** The data of a notification.count event (backend/notify, CountJSON). */
type UnreadCount = { unread: number }

/** The bell's part of a task.alert event (backend/alerts, Alert); a frame without it changes nothing. */
type AlertBell = { notification?: Notification }

/**
 * The cached bells an event can change in place. A bell being fetched may answer from before the
 * event, so its fetch starts over instead. A bell nobody asked for stays unasked: it loads when
 * opened.
 */
function bellsToUpdate(queryClient: QueryClient): Array<[QueryKey, Bell]> {
  const bells: Array<[QueryKey, Bell]> = []
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.notifications.all })) {
    const bell = query.state.data as Bell | undefined
    if (query.state.fetchStatus === 'fetching') void fetchAgain(queryClient, query.queryKey)
    else if (bell) bells.push([query.queryKey, bell])
  }
  return bells
}

/** Cancels and restarts a fetch, a first load too (refetching alone would join it). */
async function fetchAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true })
  await queryClient.refetchQueries({ queryKey, exact: true })
}

function onNotification(notification: Notification, { queryClient }: RealtimeContext): void {
  for (const [key, bell] of bellsToUpdate(queryClient)) queryClient.setQueryData<Bell>(key, addToBell(bell, notification))
}

/**
 * The badge's number. It follows the notification.new events already put in the bell, so it
 * nearly always agrees; when it does not, the list is out of step (an item read in another tab,
 * which sends the count alone, or a notification missed): the badge takes the count at once and
 * the list is read again, for one user's event, never a crowd's.
 */
function onUnreadCount({ unread }: UnreadCount, { queryClient }: RealtimeContext): void {
  for (const [key, bell] of bellsToUpdate(queryClient)) {
    if (bell.unread === unread) continue
    queryClient.setQueryData<Bell>(key, { ...bell, unread })
    void queryClient.invalidateQueries({ queryKey: key, exact: true })
  }
}

function onAlertBell({ notification }: AlertBell, context: RealtimeContext): void {
  if (notification) onNotification(notification, context)
}

async function catchUpNotifications(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all })
}

/** The bell's live events. */
export function registerNotificationsRealtime(): void {
  registerRealtimeHandler('notification.new', onNotification)
  registerRealtimeHandler('notification.count', onUnreadCount)
  registerRealtimeHandler('task.alert', onAlertBell)
  registerCatchUp(catchUpNotifications)
}
