import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import type { AuthResponse } from '@/types/api'
import type { components } from '@/types/api.gen'

export type ChangePasswordInput = components['schemas']['ChangePasswordRequest']

/** POST /api/me/password → a fresh {token, user}; every other session is signed out. */
export function changePassword(input: ChangePasswordInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/me/password', input)
}

export function useChangePassword(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (auth) => {
      // The old token was just revoked; keep this tab signed in with the new one, where it was kept.
      const { persistence } = useAuthStore.getState()
      useAuthStore.getState().login(auth, { remember: persistence === 'local' })
      options.onSuccess?.()
    },
    onError: (error) => options.onError?.(error),
  })
}
