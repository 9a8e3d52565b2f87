// Email notification settings (issue 16, item 2). The server half is being built in parallel and
// the generated src/types/api.gen.ts does not have these shapes yet; they are written here by hand
// from the agreed contract. Replace them with components['schemas'][…] once the OpenAPI document
// lists GET/PUT /api/me/notification-settings and POST /api/unsubscribe.

/** How often a kind of email is sent. */
export type EmailFrequency = 'immediate' | 'hourly' | 'daily' | 'off'

export const EMAIL_FREQUENCIES: readonly EmailFrequency[] = ['immediate', 'hourly', 'daily', 'off']

/** GET /api/me/notification-settings, and the body of PUT (all three fields); defaults "hourly". */
export type NotificationSettings = {
  messages: EmailFrequency
  submissions: EmailFrequency
  taskAlerts: EmailFrequency
}

/** What an unsubscribe link turned off: one kind of email, or all of them. */
export type UnsubscribedFrom = keyof NotificationSettings | 'all'

/** POST /api/unsubscribe?token= → 200. */
export type UnsubscribeResult = { unsubscribed: UnsubscribedFrom }
