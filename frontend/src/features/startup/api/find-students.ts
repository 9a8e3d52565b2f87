import { useQuery } from '@tanstack/react-query'
import { api, MAX_PER_PAGE } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

/**
 * GET /api/users?role=student&skills=…: students with any of the skills, for Find Students. The
 * radio list holds one page, the server's largest; narrower skills narrow it.
 */
export async function findStudents(skills: string): Promise<User[]> {
  const { items } = await api.getPage<User>('/users', { query: { role: 'student', skills }, perPage: MAX_PER_PAGE })
  return items
}

/** Runs only once Find Students was pressed (`skills` set). */
export function useFindStudents(skills: string | null) {
  return useQuery({
    queryKey: queryKeys.users.list({ role: 'student', skills }),
    queryFn: () => findStudents(skills ?? ''),
    enabled: skills !== null,
  })
}
