import type { components } from '@/types/api.gen'

/** GET /api/me/notification-settings, and the body of PUT (all three fields); defaults "hourly". */
export type NotificationSettings = components['schemas']['NotificationSettings']

/** How often a kind of email is sent. */
export type EmailFrequency = NotificationSettings['messages']

export const EMAIL_FREQUENCIES: readonly EmailFrequency[] = ['immediate', 'hourly', 'daily', 'off']

/** POST /api/unsubscribe?token= → 200. */
export type UnsubscribeResult = components['schemas']['Unsubscribed']

/** What an unsubscribe link turned off: one kind of email, or all of them. */
export type UnsubscribedFrom = UnsubscribeResult['unsubscribed']
