import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type ForgotPasswordInput = { email: string }
export type MessageResponse = { message: string }

/** POST /api/forgot-password → {message}, the same answer whether or not the email exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/forgot-password', input)
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
