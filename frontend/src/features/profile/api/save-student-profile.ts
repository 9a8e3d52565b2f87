import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'
import type { Experience, SkillLevel, User } from '@/types/api'

export type StudentProfileInput = {
  firstName: string
  lastName: string
  headline: string
  bio: string
  phone: string
  college: string
  collegeEmail: string
  profilePicture: string
  resume: string
  skills: Array<{ name: string; level: SkillLevel }>
  experience: Experience[]
  projects: Array<{ title: string; description: string; technologies: string[]; link: string }>
  /** Listed in startups' matches and Find Students. */
  discoverable: boolean
  /** Startups may invite the student to tasks. */
  acceptsInvitations: boolean
}

/**
 * POST (Add Profile, create) or PUT (Edit Profile) /api/student/profile. Spec §7: the client
 * sends the form plus userId and email (set to the college email); the server checks userId is the
 * caller's own and ignores email.
 */
export function saveStudentProfile({ input, create, user }: { input: StudentProfileInput; create: boolean; user: User }): Promise<User> {
  const body = { ...input, userId: user._id, email: input.collegeEmail }
  return create ? api.post<User>('/student/profile', body) : api.put<User>('/student/profile', body)
}

/** Saves, then shows the stored profile everywhere: the profile query, /me and the auth store. */
export function useSaveStudentProfile(
  options: { onSuccess?: (user: User, created: boolean) => void; onError?: (error: unknown, created: boolean) => void } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveStudentProfile,
    onSuccess: (user, variables) => {
      queryClient.setQueryData(queryKeys.profile.student, user)
      queryClient.setQueryData(queryKeys.me, user)
      useAuthStore.getState().setUser(user)
      options.onSuccess?.(user, variables.create)
    },
    onError: (error, variables) => options.onError?.(error, variables.create),
  })
}
