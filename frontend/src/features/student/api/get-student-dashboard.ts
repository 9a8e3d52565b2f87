import { useQuery } from '@tanstack/react-query'
import type { Person, Task } from '@/features/tasks'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

export type StudentDashboard = {
  student: User
  stats: { activeTasks: number; completed: number; certificates: number }
  /** Not completed: submitted, under review, rejected, or assigned and not yet submitted. */
  activeTasks: Task[]
  /** The first 3 open tasks not assigned to the student; total tells whether to offer View All. */
  availableTasks: { items: Task[]; total: number; totalCapped?: boolean }
  /** The 3 most recently completed, each with its certificateId. */
  recentlyCompleted: Task[]
  /** The first 8 startups, for Networking. */
  startups: Person[]
}

/** GET /api/student/dashboard. */
export function getStudentDashboard(): Promise<StudentDashboard> {
  return api.get<StudentDashboard>('/student/dashboard')
}

export function useStudentDashboard() {
  return useQuery({ queryKey: queryKeys.dashboard.student, queryFn: getStudentDashboard })
}
