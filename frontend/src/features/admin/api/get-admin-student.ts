import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { signedLinkRefresh } from '@/lib/files'
import { queryKeys } from '@/lib/query-keys'
import type { AdminStudentDashboard } from './types'

/** GET /api/admin/dashboard/student/{id} → {user, tasks, certificates} and the dashboard's cards. */
export function getAdminStudent(id: string): Promise<AdminStudentDashboard> {
  return api.get<AdminStudentDashboard>(`/admin/dashboard/student/${encodeURIComponent(id)}`)
}

export function useAdminStudent(id: string) {
  return useQuery({ queryKey: queryKeys.dashboard.admin('student', id), queryFn: () => getAdminStudent(id), ...signedLinkRefresh })
}
