import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { signedLinkRefresh } from '@/lib/files'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

export type StudentViewResponse = components['schemas']['StudentView']

/** GET /api/startup/students/{id} → the student and the past submissions this startup may see. */
export function getStudentView(id: string): Promise<StudentViewResponse> {
  return api.get<StudentViewResponse>(`/startup/students/${encodeURIComponent(id)}`)
}

export function useStudentView(id: string) {
  return useQuery({ queryKey: queryKeys.students.detail(id), queryFn: () => getStudentView(id), ...signedLinkRefresh })
}
