import type { components } from '@/types/api.gen'

/**
 * GET /api/me/notification-settings, and the body of PUT; each kind defaults to "hourly". The GET
 * always answers every kind and this app always sends every kind back: only a PUT from a client
 * that predates invitations may leave that one out (the server then keeps its saved mode).
 */
export type NotificationSettings = Required<components['schemas']['NotificationSettings']>

/** How often a kind of email is sent. */
export type EmailFrequency = NotificationSettings['messages']

export const EMAIL_FREQUENCIES: readonly EmailFrequency[] = ['immediate', 'hourly', 'daily', 'off']

/** POST /api/unsubscribe?token= → 200. */
export type UnsubscribeResult = components['schemas']['Unsubscribed']

/** What an unsubscribe link turned off: one kind of email, or all of them. */
export type UnsubscribedFrom = UnsubscribeResult['unsubscribed']
