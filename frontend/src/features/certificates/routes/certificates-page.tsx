import { useSearchParams } from 'react-router'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useDownloadCertificate } from '../api/download-certificate'
import { useCertificates } from '../api/get-certificates'
import { CertificatesPageView } from '../components/certificates-page-view'

/** /certificates: any signed-in user; only students have certificates (spec §2). */
export function CertificatesPage() {
  const student = useCurrentUser()?.userType === 'student'
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const certificates = useCertificates(page, { enabled: student })
  const download = useDownloadCertificate({
    onSuccess: () => notify.success('Certificate downloaded successfully!'),
    onError: () => notify.error('Failed to download certificate'),
  })
  if (!student) return <CertificatesPageView viewer="other" />
  return (
    <CertificatesPageView
      viewer="student"
      certificates={certificates}
      downloadingId={download.isPending ? download.variables?._id : undefined}
      onDownload={(c) => download.mutate(c)}
      onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
    />
  )
}
