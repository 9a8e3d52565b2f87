import { z } from '@/lib/zod'

// Form rules and texts from spec §5 (also in docs/api-contract.md; the server checks the same).

/** The usual shape check for an address: local part, @, domain with a dot and a 2+ letter end. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i
export const MIN_PASSWORD_LENGTH = 6
export const MIN_NAME_LENGTH = 2

export const emailSchema = z.string().trim().min(1, 'Email is required').regex(EMAIL_PATTERN, 'Invalid email address')

export const passwordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)

export const loginFormSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  remember: z.boolean(),
})
export type LoginFormValues = z.infer<typeof loginFormSchema>

/** Adds "Please confirm your password" / "Passwords do not match" on confirmPassword. */
function checkConfirmation(values: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (!values.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please confirm your password' })
  } else if (values.confirmPassword !== values.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' })
  }
}

function checkName(value: string, label: string, path: string, ctx: z.RefinementCtx) {
  const trimmed = value.trim()
  if (!trimmed) ctx.addIssue({ code: 'custom', path: [path], message: `${label} is required` })
  else if (trimmed.length < MIN_NAME_LENGTH) {
    ctx.addIssue({ code: 'custom', path: [path], message: `${label} must be at least ${MIN_NAME_LENGTH} characters` })
  }
}

export const registerFormSchema = z
  .object({
    userType: z.enum(['student', 'startup']),
    firstName: z.string(),
    lastName: z.string(),
    college: z.string(),
    companyName: z.string(),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.userType === 'student') {
      checkName(values.firstName, 'First name', 'firstName', ctx)
      checkName(values.lastName, 'Last name', 'lastName', ctx)
    } else {
      checkName(values.companyName, 'Company name', 'companyName', ctx)
    }
    checkConfirmation(values, ctx)
  })
export type RegisterFormValues = z.infer<typeof registerFormSchema>

export const forgotPasswordFormSchema = z.object({ email: emailSchema })
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>

export const resetPasswordFormSchema = z.object({ password: passwordSchema, confirmPassword: z.string() }).superRefine(checkConfirmation)
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>
