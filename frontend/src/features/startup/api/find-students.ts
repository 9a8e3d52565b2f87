import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/types/api'

/** GET /api/users?role=student&skills=…: students with any of the skills, for Find Students. */
export async function findStudents(skills: string): Promise<User[]> {
  const data = await api.get<User[] | { users: User[] }>('/users', { query: { role: 'student', skills } })
  return Array.isArray(data) ? data : (data?.users ?? [])
}

/** Runs only once Find Students was pressed (`skills` set). */
export function useFindStudents(skills: string | null) {
  return useQuery({
    queryKey: queryKeys.users.list({ role: 'student', skills }),
    queryFn: () => findStudents(skills ?? ''),
    enabled: skills !== null,
  })
}
