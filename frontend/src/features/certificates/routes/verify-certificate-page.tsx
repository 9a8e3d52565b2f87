import { useParams } from 'react-router'
import { errorMessage } from '@/lib/api-client'
import { useVerifyCertificate } from '../api/verify-certificate'
import { useCertificateCredentialCheck, useVerifyCredentialFile } from '../api/verify-credential'
import { VerifyCertificateView } from '../components/verify-certificate-view'

/** /verify/:number, public: the page the certificate's QR code opens. */
export function VerifyCertificatePage() {
  const number = useParams().number ?? ''
  const verification = useVerifyCertificate(number)
  const credential = useCertificateCredentialCheck(number, { enabled: verification.data?.valid === true })
  const file = useVerifyCredentialFile()
  return (
    <VerifyCertificateView
      number={number}
      verification={verification}
      credential={credential}
      fileCheck={{
        onFile: (f) => file.mutate(f),
        isPending: file.isPending,
        result: file.data,
        error: file.isError ? errorMessage(file.error, 'The file could not be verified. Please try again.') : undefined,
      }}
    />
  )
}
