import { useParams } from 'react-router'
import { useVerifyCertificate } from '../api/verify-certificate'
import { VerifyCertificateView } from '../components/verify-certificate-view'

/** /verify/:number, public: the page the certificate's QR code opens. */
export function VerifyCertificatePage() {
  const number = useParams().number ?? ''
  const verification = useVerifyCertificate(number)
  return <VerifyCertificateView number={number} verification={verification} />
}
