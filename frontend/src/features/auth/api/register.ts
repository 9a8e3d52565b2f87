import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { AuthResponse } from '@/types/api'

export type RegisterInput =
  | {
      userType: 'student'
      email: string
      password: string
      confirmPassword: string
      firstName: string
      lastName: string
      college?: string
    }
  | {
      userType: 'startup'
      email: string
      password: string
      confirmPassword: string
      companyName: string
    }

/** POST /api/register → 201 {token, user}; 409 when the email is taken (field `email`). */
export function register(input: RegisterInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/register', input)
}

export function useRegister(options: { onSuccess?: (auth: AuthResponse) => void; onError?: (error: unknown) => void } = {}) {
  return useMutation({
    mutationFn: register,
    onSuccess: (auth) => options.onSuccess?.(auth),
    onError: (error) => options.onError?.(error),
  })
}
