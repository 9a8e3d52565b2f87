import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { MessageResponse } from './forgot-password'

export type ResetPasswordInput = { token: string; password: string; confirmPassword: string }

/** POST /api/reset-password → {message}; 400 "This reset link is invalid or has expired." */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/reset-password', input)
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
