import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { saveBlob } from '@/lib/files'
import type { Certificate } from './types'

/** GET /api/student/certificates/{id}/download: the PDF, saved as certificate_{number}.pdf. */
export async function downloadCertificate(certificate: Pick<Certificate, '_id' | 'certificateNumber'>): Promise<void> {
  const blob = await api.get<Blob>(`/student/certificates/${encodeURIComponent(certificate._id)}/download`, { responseType: 'blob' })
  saveBlob(blob, `certificate_${certificate.certificateNumber}.pdf`)
}

export function useDownloadCertificate(options: { onSuccess?: () => void; onError?: () => void } = {}) {
  return useMutation({ mutationFn: downloadCertificate, onSuccess: options.onSuccess, onError: options.onError })
}
