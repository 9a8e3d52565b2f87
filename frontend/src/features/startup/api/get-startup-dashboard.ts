import { useQuery } from '@tanstack/react-query'
import type { SubmissionRow, Task } from '@/features/tasks'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

export type StartupDashboard = {
  startup: User
  /** The 5 newest tasks with their submissions. */
  tasks: Task[]
  /** The 10 newest submissions to the startup's tasks. */
  submissions: SubmissionRow[]
  stats: { activeTasks: number; studentsHired: number; studentsWorking: number }
}

/** GET /api/startup/dashboard. */
export function getStartupDashboard(): Promise<StartupDashboard> {
  return api.get<StartupDashboard>('/startup/dashboard')
}

export function useStartupDashboard() {
  return useQuery({ queryKey: queryKeys.dashboard.startup, queryFn: getStartupDashboard })
}
