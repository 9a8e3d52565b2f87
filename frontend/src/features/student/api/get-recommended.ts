import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { RecommendedTask } from '@/types/matching'

/** As many as the dashboard's Available Tasks shows. */
export const RECOMMENDED_SHOWN = 3

/** GET /api/student/recommended: open tasks ranked for the student, best first, each with why. */
export async function getRecommended(): Promise<RecommendedTask[]> {
  const { items } = await api.getPage<RecommendedTask>('/student/recommended', { perPage: RECOMMENDED_SHOWN })
  return items
}

export function useRecommended() {
  return useQuery({ queryKey: queryKeys.dashboard.recommended, queryFn: getRecommended })
}
