import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { signedLinkRefresh } from '@/lib/files'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

/** GET /api/startup/students[?skills=a,b] → students with any of the skills (all without). */
export function getStudents(skills: string): Promise<User[]> {
  return api.get<User[]>('/startup/students', { query: { skills: skills.trim() } })
}

export function useStudents(skills: string) {
  return useQuery({ queryKey: queryKeys.students.list(skills.trim()), queryFn: () => getStudents(skills), ...signedLinkRefresh })
}
