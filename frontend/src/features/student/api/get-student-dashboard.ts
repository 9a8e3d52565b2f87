import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

/**
 * activeTasks: not completed (submitted, under review, rejected, or assigned and not yet submitted);
 * availableTasks: the first 3 open tasks not assigned to the student, total tells whether to offer
 * View All; recentlyCompleted: the 3 most recently completed, each with its certificateId;
 * startups: the first 8 startups, for Networking.
 */
export type StudentDashboard = components['schemas']['StudentDashboard']

/** GET /api/student/dashboard. */
export function getStudentDashboard(): Promise<StudentDashboard> {
  return api.get<StudentDashboard>('/student/dashboard')
}

/** The page's query; the app's route starts it before the page's chunk is in (src/app/routes/dashboard.tsx). */
export const studentDashboardQuery = queryOptions({ queryKey: queryKeys.dashboard.student, queryFn: getStudentDashboard })

export function useStudentDashboard() {
  return useQuery(studentDashboardQuery)
}
