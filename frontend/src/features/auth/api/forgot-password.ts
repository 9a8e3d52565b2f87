import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api.gen'

/** next: the page of this site the mailed link returns to after signing in again. */
export type ForgotPasswordInput = { email: string; next?: string }
export type MessageResponse = components['schemas']['Message']

/** POST /api/forgot-password → {message}, the same answer whether or not the email exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/forgot-password', input)
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
