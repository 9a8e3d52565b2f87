import { HELP_MESSAGE_MAX, HELP_TOPICS } from '@/config/help-topics'
import { z } from '@/lib/zod'

// Help form rules and texts (spec §5, docs/api-contract.md). One message at a time, in this
// order: both fields required, then the email's shape (checked first), then the phone. The topic
// and the message are this form's own (the spec's call takes them as optional additions), checked
// beside the spec's fields so one submit shows everything missing.

export const HELP_REQUIRED = 'Both phone number and email are required.'
export const HELP_INVALID_EMAIL = 'Please enter a valid email address.'
export const HELP_INVALID_PHONE = 'Please enter a valid phone number.'
export const HELP_SUCCESS = "Thank you! We'll reach out to you at the earliest."
export const HELP_FAILURE = 'Failed to submit. Please try again later.'
export const HELP_TOPIC_REQUIRED = 'Please choose what your question is about.'
export const HELP_MESSAGE_REQUIRED = 'Please tell us what is wrong.'
export const HELP_MESSAGE_TOO_LONG = `Please keep the message to ${HELP_MESSAGE_MAX} characters.`

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Spaces, dashes, dots and parentheses are ignored; an optional leading +; then 10 to 15 digits. */
export function isValidPhone(phone: string): boolean {
  return /^\+?\d{10,15}$/.test(phone.replace(/[\s\-.()]/g, ''))
}

export function isValidHelpEmail(email: string): boolean {
  return EMAIL_SHAPE.test(email)
}

export const helpFormSchema = z
  .object({ phone: z.string(), email: z.string(), topic: z.string(), message: z.string() })
  .superRefine((values, ctx) => {
    if (!HELP_TOPICS.some((t) => t.value === values.topic)) ctx.addIssue({ code: 'custom', path: ['topic'], message: HELP_TOPIC_REQUIRED })
    const message = values.message.trim()
    if (!message) ctx.addIssue({ code: 'custom', path: ['message'], message: HELP_MESSAGE_REQUIRED })
    else if (message.length > HELP_MESSAGE_MAX) ctx.addIssue({ code: 'custom', path: ['message'], message: HELP_MESSAGE_TOO_LONG })
    const phone = values.phone.trim()
    const email = values.email.trim()
    if (!phone || !email) {
      // The message goes beside each field that is missing.
      if (!phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: HELP_REQUIRED })
      if (!email) ctx.addIssue({ code: 'custom', path: ['email'], message: HELP_REQUIRED })
      return
    }
    if (!isValidHelpEmail(email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: HELP_INVALID_EMAIL })
      return
    }
    if (!isValidPhone(phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: HELP_INVALID_PHONE })
    }
  })

export type HelpFormValues = z.infer<typeof helpFormSchema>
