import { z } from '@/lib/zod'

// Help form rules and texts (spec §5, docs/api-contract.md). One message at a time, in this
// order: both fields required, then the email's shape (checked first), then the phone.

export const HELP_REQUIRED = 'Both phone number and email are required.'
export const HELP_INVALID_EMAIL = 'Please enter a valid email address.'
export const HELP_INVALID_PHONE = 'Please enter a valid phone number.'
export const HELP_SUCCESS = "Thank you! We'll reach out to you at the earliest."
export const HELP_FAILURE = 'Failed to submit. Please try again later.'

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Spaces, dashes, dots and parentheses are ignored; an optional leading +; then 10 to 15 digits. */
export function isValidPhone(phone: string): boolean {
  return /^\+?\d{10,15}$/.test(phone.replace(/[\s\-.()]/g, ''))
}

export function isValidHelpEmail(email: string): boolean {
  return EMAIL_SHAPE.test(email)
}

export const helpFormSchema = z
  .object({ phone: z.string(), email: z.string() })
  .superRefine((values, ctx) => {
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
