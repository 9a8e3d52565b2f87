import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { StudentMatch } from '@/types/matching'

/** What Find Students ranks for: the draft's skills (comma separated) and category. */
export type DraftMatch = { skills: string; category: string }

/**
 * GET /api/startup/matches?skills=…&category=…: students ranked for a task not posted yet, best
 * first, each with why. The radio list holds one page, the server's largest.
 */
export async function findStudents({ skills, category }: DraftMatch): Promise<StudentMatch[]> {
  const { items } = await api.getPage<StudentMatch>('/startup/matches', {
    query: { skills, ...(category ? { category } : {}) },
    perPage: MAX_PER_PAGE,
  })
  return items
}

/** Runs only once Find Students was pressed (`draft` set). */
export function useFindStudents(draft: DraftMatch | null) {
  return useQuery({
    queryKey: queryKeys.matches.draft(draft?.skills ?? '', draft?.category ?? ''),
    queryFn: () => findStudents(draft!),
    enabled: draft !== null,
  })
}
