import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'
import type { components } from '@/types/api.gen'

export type VerificationSent = components['schemas']['VerificationSent']

/** POST /api/startup/verification → a single-use link is mailed to email, at the website's domain. */
export function requestVerification(email: string): Promise<VerificationSent> {
  return api.post<VerificationSent>('/startup/verification', { email })
}

export function useRequestVerification() {
  return useMutation({ mutationFn: requestVerification })
}

/** POST /api/startup/verification/confirm → the startup, now verified for its domain. */
export function confirmVerification(token: string): Promise<User> {
  return api.post<User>('/startup/verification/confirm', { token })
}

export function useConfirmVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmVerification,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user)
      queryClient.invalidateQueries({ queryKey: queryKeys.startups.detail(user._id) })
      useAuthStore.getState().setUser(user)
    },
  })
}
