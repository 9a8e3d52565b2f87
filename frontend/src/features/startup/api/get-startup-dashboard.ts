import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

/** tasks: the 5 newest tasks with their submissions; submissions: the 10 newest submissions to the startup's tasks. */
export type StartupDashboard = components['schemas']['StartupDashboard']

/** GET /api/startup/dashboard. */
export function getStartupDashboard(): Promise<StartupDashboard> {
  return api.get<StartupDashboard>('/startup/dashboard')
}

/** The page's query; the app's route starts it before the page's chunk is in (src/app/routes/dashboard.tsx). */
export const startupDashboardQuery = queryOptions({ queryKey: queryKeys.dashboard.startup, queryFn: getStartupDashboard })

export function useStartupDashboard() {
  return useQuery(startupDashboardQuery)
}
