import { z } from '@/lib/zod'
import { EMAIL_FREQUENCIES, type EmailFrequency, type NotificationSettings } from './api/types'

// The texts of the settings page and the server's own (docs/api-contract.md).
export const EMAIL_SETTINGS_SAVED = 'Email settings saved'
export const FREQUENCY_INVALID = 'Choose immediate, hourly, daily or off'
export const SAVED_SEARCH_DELETED = 'Saved search deleted'

export const FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  immediate: 'Immediately',
  hourly: 'Hourly digest',
  daily: 'Daily digest',
  off: 'Off',
}

const frequency = z.enum(EMAIL_FREQUENCIES as [EmailFrequency, ...EmailFrequency[]], { error: FREQUENCY_INVALID })

export const emailSettingsSchema = z.object({
  messages: frequency,
  submissions: frequency,
  payments: frequency,
  taskAlerts: frequency,
}) satisfies z.ZodType<NotificationSettings>

export type EmailSettingsValues = z.infer<typeof emailSettingsSchema>
