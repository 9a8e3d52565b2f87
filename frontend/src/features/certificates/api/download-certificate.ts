import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Certificate } from './types'

/** GET /api/student/certificates/{id}/download: the PDF, saved as certificate_{number}.pdf. */
export async function downloadCertificate(certificate: Pick<Certificate, '_id' | 'certificateNumber'>): Promise<void> {
  const blob = await api.get<Blob>(`/student/certificates/${encodeURIComponent(certificate._id)}/download`, { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = `certificate_${certificate.certificateNumber}.pdf`
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}

export function useDownloadCertificate(options: { onSuccess?: () => void; onError?: () => void } = {}) {
  return useMutation({ mutationFn: downloadCertificate, onSuccess: options.onSuccess, onError: options.onError })
}
