import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { signedLinkRefresh } from '@/lib/files'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

/** GET /api/student/profile → the profile, or null when none was created yet. */
export function getStudentProfile(): Promise<User | null> {
  return api.get<User | null>('/student/profile')
}

export function useStudentProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.profile.student, queryFn: getStudentProfile, enabled: options.enabled ?? true, ...signedLinkRefresh })
}
