import { useQuery } from '@tanstack/react-query'
import { api, isApiError } from '@/lib/api-client'
import { signedLinkRefresh } from '@/lib/files'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

/** GET /api/student/profile → the profile, or null when none was created yet (404 "No profile found."). */
export async function getStudentProfile(): Promise<User | null> {
  try {
    return await api.get<User>('/student/profile')
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null
    throw error
  }
}

export function useStudentProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.profile.student, queryFn: getStudentProfile, enabled: options.enabled ?? true, ...signedLinkRefresh })
}
