import { api, MAX_PER_PAGE, type Paged } from '@/lib/api-client'
import { usePagedQuery } from '@/lib/paged-query'
import { queryKeys } from '@/lib/query-keys'
import type { Certificate } from './types'

/**
 * GET /api/student/certificates: the student's certificates, newest first, as many a page as the
 * server serves (the grid showed them all before the list was paged).
 */
export function getCertificates(page: number): Promise<Paged<Certificate>> {
  return api.getPage<Certificate>('/student/certificates', { page, perPage: MAX_PER_PAGE })
}

export function useCertificates(page: number, options: { enabled?: boolean } = {}) {
  return usePagedQuery({ queryKey: queryKeys.certificates.list(page), queryFn: () => getCertificates(page), enabled: options.enabled ?? true })
}
