import { z } from '@/lib/zod'
import { EMAIL_FREQUENCIES, type EmailFrequency, type NotificationSettings } from './api/types'

// The texts of the settings page and the server's own (docs/api-contract.md).

/** The page's sections, in order: each one's anchor (/settings#devices) and heading. */
export const SETTINGS_SECTIONS = {
  password: { id: 'password', title: 'Password' },
  devices: { id: 'devices', title: 'Devices' },
  signIns: { id: 'sign-ins', title: 'Sign-in log' },
  email: { id: 'email', title: 'Email notifications' },
  savedSearches: { id: 'saved-searches', title: 'Saved searches' },
} as const

/** The server keeps the log to the 20 newest entries (audit.SecurityEventsShown). */
export const SIGN_IN_LOG_INTRO =
  'Your last 20 sign-ins, with failed attempts and password changes. Anything you do not recognise? Change your password.'
export const EMAIL_SETTINGS_SAVED = 'Email settings saved'
export const FREQUENCY_INVALID = 'Choose immediate, hourly, daily or off'
export const SAVED_SEARCH_DELETED = 'Saved search deleted'
export const PASSWORD_CHANGED = 'Password changed. Other sessions were signed out.'

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
  invitations: frequency,
  taskAlerts: frequency,
}) satisfies z.ZodType<NotificationSettings>

export type EmailSettingsValues = z.infer<typeof emailSettingsSchema>

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(1, 'Password is required').min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: 'Passwords do not match' })

export type ChangePasswordValues = z.infer<typeof changePasswordSchema>
