import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

export type StartupProfileInput = {
  companyName: string
  industry: string
  companyDescription: string
  companySize: string
  profilePicture: string
  website: string
}

/** PUT /api/startup/profile → the stored startup. */
export function updateStartupProfile(input: StartupProfileInput): Promise<User> {
  return api.put<User>('/startup/profile', input)
}

export function useUpdateStartupProfile(options: { onSuccess?: (user: User) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStartupProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user)
      queryClient.invalidateQueries({ queryKey: queryKeys.startups.detail(user._id) })
      useAuthStore.getState().setUser(user)
      options.onSuccess?.(user)
    },
    onError: (error) => options.onError?.(error),
  })
}
