import { ComingSoon } from '@/components/ui/coming-soon'

/** /certificates. Placeholder until its issue builds the screen. */
export function CertificatesPage() {
  return <ComingSoon title="Certificates" description="Certificates for your completed projects, ready to download." />
}
