import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Certificate } from './types'

/** GET /api/student/certificates: the student's certificates, newest first. */
export function getCertificates(): Promise<Certificate[]> {
  return api.get<Certificate[]>('/student/certificates')
}

export function useCertificates(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.certificates.all, queryFn: getCertificates, enabled: options.enabled ?? true })
}
